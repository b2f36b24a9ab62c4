CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "calendar_feeds_employee_id_unique" UNIQUE("employee_id"),
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "published_months" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" text NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"edit_mark" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "published_months_role_month_year_key" UNIQUE("role","month","year"),
	CONSTRAINT "published_months_month" CHECK ("published_months"."month" between 0 and 11),
	CONSTRAINT "published_months_year" CHECK ("published_months"."year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "published_shifts" (
	"publication_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"end_date" date NOT NULL,
	"total_hours" numeric(5, 2) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "published_shifts_publication_id_employee_id_date_pk" PRIMARY KEY("publication_id","employee_id","date")
);
--> statement-breakpoint
CREATE TABLE "schedule_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"employee_id" uuid,
	"date" date,
	"action" text NOT NULL,
	"user_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_edits_action" CHECK ("schedule_edits"."action" in ('saved', 'deleted', 'generated', 'cleared', 'reset', 'published'))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_months" ADD CONSTRAINT "published_months_role_staff_groups_name_fk" FOREIGN KEY ("role") REFERENCES "public"."staff_groups"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "published_shifts" ADD CONSTRAINT "published_shifts_publication_id_published_months_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."published_months"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_shifts" ADD CONSTRAINT "published_shifts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_edits" ADD CONSTRAINT "schedule_edits_role_staff_groups_name_fk" FOREIGN KEY ("role") REFERENCES "public"."staff_groups"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "schedule_edits" ADD CONSTRAINT "schedule_edits_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "published_shifts_employee_date_idx" ON "published_shifts" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "schedule_edits_month_idx" ON "schedule_edits" USING btree ("role","year","month","id");