CREATE TABLE "employee_wishes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"month" text NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_wishes_employee_date_key" UNIQUE("employee_id","date"),
	CONSTRAINT "employee_wishes_kind" CHECK ("employee_wishes"."kind" in ('dayOff', 'noEarly', 'noLate', 'noNight', 'work')),
	CONSTRAINT "employee_wishes_month_of_date" CHECK ("employee_wishes"."month" = to_char("employee_wishes"."date", 'YYYY-MM'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "max_wishes_per_month" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_wishes" ADD CONSTRAINT "employee_wishes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_wishes_month_idx" ON "employee_wishes" USING btree ("month");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_max_wishes_per_month" CHECK ("settings"."max_wishes_per_month" between 0 and 31);