CREATE TABLE "aircraft_type_names" (
	"written" text PRIMARY KEY NOT NULL,
	"aircraft_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_qualifications" (
	"employee_id" uuid NOT NULL,
	"code" text NOT NULL,
	"valid_from" date,
	"valid_until" date,
	CONSTRAINT "employee_qualifications_employee_id_code_pk" PRIMARY KEY("employee_id","code"),
	CONSTRAINT "employee_qualifications_validity" CHECK ("employee_qualifications"."valid_until" >= "employee_qualifications"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "handling_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"aircraft_type" text NOT NULL,
	"prefix" text,
	"movement" text,
	"tasks" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handling_rules_movement" CHECK ("handling_rules"."movement" is null or "handling_rules"."movement" in ('departure', 'arrival', 'turnaround'))
);
--> statement-breakpoint
CREATE TABLE "qualifications" (
	"code" text PRIMARY KEY NOT NULL,
	"name_pl" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualifications_code" CHECK ("qualifications"."code" ~ '^[A-Z0-9][A-Z0-9_-]{1,11}$')
);
--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "movement" text DEFAULT 'departure' NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_qualifications" ADD CONSTRAINT "employee_qualifications_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_qualifications" ADD CONSTRAINT "employee_qualifications_code_qualifications_code_fk" FOREIGN KEY ("code") REFERENCES "public"."qualifications"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_qualifications_code_idx" ON "employee_qualifications" USING btree ("code");--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_movement" CHECK ("flights"."movement" in ('departure', 'arrival', 'turnaround'));--> statement-breakpoint
-- The handling rules, the aircraft-name table and who holds which qualification decide a month's
-- demand and who may cover it: their changes are announced on the change feed, as the flights' are
-- (every month: such a save is rare, and a rule reaches every month's flights).
CREATE TRIGGER handling_rules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "handling_rules" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER aircraft_type_names_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "aircraft_type_names" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER qualifications_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "qualifications" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
--> statement-breakpoint
CREATE TRIGGER employee_qualifications_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "employee_qualifications" FOR EACH STATEMENT EXECUTE FUNCTION grafik_notify_all();
