ALTER TABLE "airport_hours" DROP CONSTRAINT "airport_hours_closing_after_opening";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_end_after_start";--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "end_date" date;--> statement-breakpoint
UPDATE "schedules" SET "end_date" = "date";--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "end_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "airport_hours" ADD CONSTRAINT "airport_hours_opening_time" CHECK ("airport_hours"."opening_time" < '24:00');--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_end_after_start" CHECK (("schedules"."end_date" = "schedules"."date" and "schedules"."end_time" > "schedules"."start_time") or ("schedules"."end_date" = "schedules"."date" + 1 and "schedules"."end_time" <= "schedules"."start_time"));