-- Every committed change to what a month of the dashboard shows is announced on the channel
-- grafik_changes, so that each server instance drops its cached copy of that month: the payload is
-- the month's key "YYYY-MM", or "*" for a change that concerns every month (employees, staff
-- groups, settings, required hours, a restore). NOTIFY is delivered when the transaction commits
-- (never for one that rolls back), and identical payloads within one transaction are sent once.
CREATE FUNCTION grafik_notify_months(first_day date, last_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF last_day - first_day > 400 THEN
    PERFORM pg_notify('grafik_changes', '*');
    RETURN;
  END IF;
  PERFORM pg_notify('grafik_changes', to_char(m, 'YYYY-MM'))
    FROM generate_series(date_trunc('month', first_day), date_trunc('month', last_day), interval '1 month') AS m;
END $$;
--> statement-breakpoint
CREATE FUNCTION grafik_notify_dated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('grafik_changes', to_char(OLD."date", 'YYYY-MM'));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('grafik_changes', to_char(NEW."date", 'YYYY-MM'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION grafik_notify_range() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM grafik_notify_months(OLD.start_date, OLD.end_date);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM grafik_notify_months(NEW.start_date, NEW.end_date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION grafik_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('grafik_changes', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER schedules_changed AFTER INSERT OR UPDATE OR DELETE ON "schedules" FOR EACH ROW EXECUTE FUNCTION grafik_notify_dated();
--> statement-breakpoint
CREATE TRIGGER events_changed AFTER INSERT OR UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION grafik_notify_dated();
--> statement-breakpoint
CREATE TRIGGER time_off_changed AFTER INSERT OR UPDATE OR DELETE ON "time_off" FOR EACH ROW EXECUTE FUNCTION grafik_notify_range();
--> statement-breakpoint
CREATE TRIGGER schedules_truncated AFTER TRUNCATE ON "schedules" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER events_truncated AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER time_off_truncated AFTER TRUNCATE ON "time_off" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER employees_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employees" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER staff_groups_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff_groups" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER monthly_work_hours_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "monthly_work_hours" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
