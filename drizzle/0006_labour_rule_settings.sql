ALTER TABLE "settings" ADD COLUMN "weekly_rest_hours" double precision DEFAULT 35 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "max_consecutive_days" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_weekly_rest" CHECK ("settings"."weekly_rest_hours" between 0 and 48);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_max_consecutive_days" CHECK ("settings"."max_consecutive_days" between 0 and 14);