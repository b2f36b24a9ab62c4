ALTER TABLE "employees" ADD COLUMN "working_time_fraction" numeric(4, 3) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "monthly_hours" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_working_time_fraction" CHECK ("employees"."working_time_fraction" between 0.05 and 1);--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_monthly_hours" CHECK ("employees"."monthly_hours" is null or "employees"."monthly_hours" between 1 and 300);