ALTER TABLE "settings" ADD COLUMN "part_time_overtime_hours" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "full_time_overtime_hours" double precision;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_part_time_overtime" CHECK ("settings"."part_time_overtime_hours" between 0 and 100);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_full_time_overtime" CHECK ("settings"."full_time_overtime_hours" between 0 and 100);