-- Flights and operating hours decide a month's demand: coverage and its upper bound are kept until
-- they change, so their changes are announced on the change feed too (every month: a flight import
-- or an hours edit is rare, and a departure may sit on either side of a month's edge).
CREATE TRIGGER flights_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "flights" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER airport_hours_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "airport_hours" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
