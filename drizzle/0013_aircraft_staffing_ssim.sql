CREATE TABLE "aircraft_staffing" (
	"aircraft_type" text PRIMARY KEY NOT NULL,
	"required_staff" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aircraft_staffing_type" CHECK ("aircraft_staffing"."aircraft_type" ~ '^([A-Z0-9]{2,4}|size:(wide|narrow|small))$')
);
--> statement-breakpoint
ALTER TABLE "flight_imports" ADD COLUMN "month" text;--> statement-breakpoint
ALTER TABLE "flight_imports" ADD COLUMN "format" text DEFAULT 'table' NOT NULL;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "staff_sources" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "station_code" text;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_station_code" CHECK ("settings"."station_code" ~ '^[A-Z]{3}$');--> statement-breakpoint
-- The staff by aircraft size that imports used before the table existed, for the groups of a new
-- airport (those still named so and taking part in flights); planners change them on the Flights screen.
INSERT INTO "aircraft_staffing" ("aircraft_type", "required_staff", "position")
SELECT v.aircraft_type, (
    SELECT coalesce(jsonb_object_agg(g.name, (v.staff ->> g.name)::int), '{}'::jsonb)
    FROM "staff_groups" g
    WHERE g.takes_flights AND v.staff ? g.name
  ), v.position
FROM (VALUES
  ('size:wide', '{"Koordynator": 1, "Rampa": 5, "PAX/INFO": 3}'::jsonb, 1),
  ('size:narrow', '{"Koordynator": 1, "Rampa": 3, "PAX/INFO": 2}'::jsonb, 2),
  ('size:small', '{"Koordynator": 1, "Rampa": 2, "PAX/INFO": 1}'::jsonb, 3)
) AS v(aircraft_type, staff, position)
ON CONFLICT ("aircraft_type") DO NOTHING;
