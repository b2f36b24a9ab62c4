CREATE TABLE "auth_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airport_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" text NOT NULL,
	"day_of_week" integer NOT NULL,
	"opening_time" time NOT NULL,
	"closing_time" time NOT NULL,
	"minimum_staff" integer DEFAULT 1 NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airport_hours_role_day_month_year_key" UNIQUE("role","day_of_week","month","year"),
	CONSTRAINT "airport_hours_day" CHECK ("airport_hours"."day_of_week" between 0 and 6),
	CONSTRAINT "airport_hours_month" CHECK ("airport_hours"."month" between 0 and 11),
	CONSTRAINT "airport_hours_closing_after_opening" CHECK ("airport_hours"."closing_time" > "airport_hours"."opening_time"),
	CONSTRAINT "airport_hours_minimum_staff" CHECK ("airport_hours"."minimum_staff" >= 1)
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"user_id" text,
	"email" text,
	"ip_address" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "employees_first_name_not_blank" CHECK (length(trim("employees"."first_name")) > 0),
	CONSTRAINT "employees_last_name_not_blank" CHECK (length(trim("employees"."last_name")) > 0),
	CONSTRAINT "employees_email_shape" CHECK ("employees"."email" ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "events_employee_date_key" UNIQUE("employee_id","date"),
	CONSTRAINT "events_name_not_blank" CHECK (length(trim("events"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flight_number" text NOT NULL,
	"departure_time" timestamp with time zone NOT NULL,
	"arrival_time" timestamp with time zone NOT NULL,
	"required_staff" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "flights_number_departure_key" UNIQUE("flight_number","departure_time"),
	CONSTRAINT "flights_number_not_blank" CHECK (length(trim("flights"."flight_number")) between 1 and 16),
	CONSTRAINT "flights_arrival_after_departure" CHECK ("flights"."arrival_time" > "flights"."departure_time")
);
--> statement-breakpoint
CREATE TABLE "generation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" text NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"strategy" text NOT NULL,
	"seed" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"shift_count" integer NOT NULL,
	"report" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_work_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"required_hours" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_work_hours_month_year_key" UNIQUE("month","year"),
	CONSTRAINT "monthly_work_hours_month" CHECK ("monthly_work_hours"."month" between 0 and 11),
	CONSTRAINT "monthly_work_hours_year" CHECK ("monthly_work_hours"."year" between 2000 and 2100),
	CONSTRAINT "monthly_work_hours_required" CHECK ("monthly_work_hours"."required_hours" between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "auth_rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "auth_rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"total_hours" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "schedules_employee_date_key" UNIQUE("employee_id","date"),
	CONSTRAINT "schedules_end_after_start" CHECK ("schedules"."end_time" > "schedules"."start_time"),
	CONSTRAINT "schedules_total_hours_range" CHECK ("schedules"."total_hours" > 0 and "schedules"."total_hours" <= 24)
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "auth_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_increment" text DEFAULT 'half' NOT NULL,
	"min_rest_hours" double precision DEFAULT 11 NOT NULL,
	"weekly_hours" double precision DEFAULT 40 NOT NULL,
	"min_shift_hours" double precision DEFAULT 4 NOT NULL,
	"time_zone" text DEFAULT 'Europe/Warsaw' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_time_increment" CHECK ("settings"."time_increment" in ('half', 'full')),
	CONSTRAINT "settings_min_rest" CHECK ("settings"."min_rest_hours" between 8 and 24),
	CONSTRAINT "settings_weekly_hours" CHECK ("settings"."weekly_hours" between 20 and 60),
	CONSTRAINT "settings_min_shift" CHECK ("settings"."min_shift_hours" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "staff_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"takes_flights" boolean DEFAULT false NOT NULL,
	"takes_airport_hours" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_groups_name_unique" UNIQUE("name"),
	CONSTRAINT "staff_groups_name_not_blank" CHECK (length(trim("staff_groups"."name")) between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"count_as_work" boolean DEFAULT false NOT NULL,
	"work_hours" numeric(4, 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "time_off_end_not_before_start" CHECK ("time_off"."end_date" >= "time_off"."start_date"),
	CONSTRAINT "time_off_reason_not_blank" CHECK (length(trim("time_off"."reason")) > 0),
	CONSTRAINT "time_off_status" CHECK ("time_off"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "time_off_work_hours" CHECK (("time_off"."count_as_work" and "time_off"."work_hours" between 1 and 24 and mod("time_off"."work_hours" * 2, 1) = 0)
          or (not "time_off"."count_as_work" and "time_off"."work_hours" is null))
);
--> statement-breakpoint
CREATE TABLE "auth_two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"two_factor_enabled" boolean DEFAULT false,
	"must_change_password" boolean DEFAULT false NOT NULL,
	CONSTRAINT "auth_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_account" ADD CONSTRAINT "auth_account_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airport_hours" ADD CONSTRAINT "airport_hours_role_staff_groups_name_fk" FOREIGN KEY ("role") REFERENCES "public"."staff_groups"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_role_staff_groups_name_fk" FOREIGN KEY ("role") REFERENCES "public"."staff_groups"("name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_two_factor" ADD CONSTRAINT "auth_two_factor_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_account_user_idx" ON "auth_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "employees_role_idx" ON "employees" USING btree ("role");--> statement-breakpoint
CREATE INDEX "flights_departure_idx" ON "flights" USING btree ("departure_time");--> statement-breakpoint
CREATE INDEX "schedules_date_idx" ON "schedules" USING btree ("date");--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "time_off_employee_idx" ON "time_off" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "time_off_dates_idx" ON "time_off" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "auth_two_factor_user_idx" ON "auth_two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_two_factor_secret_idx" ON "auth_two_factor" USING btree ("secret");