CREATE TABLE "time_off_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"time_off_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_requests_end_not_before_start" CHECK ("time_off_requests"."end_date" >= "time_off_requests"."start_date"),
	CONSTRAINT "time_off_requests_kind" CHECK ("time_off_requests"."kind" in ('vacation', 'onDemand', 'other')),
	CONSTRAINT "time_off_requests_status" CHECK ("time_off_requests"."status" in ('pending', 'approved', 'refused', 'withdrawn')),
	CONSTRAINT "time_off_requests_refusal_has_reason" CHECK ("time_off_requests"."status" <> 'refused' or length(trim(coalesce("time_off_requests"."decision_reason", ''))) > 0)
);
--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_time_off_id_time_off_id_fk" FOREIGN KEY ("time_off_id") REFERENCES "public"."time_off"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_off_requests_employee_idx" ON "time_off_requests" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "time_off_requests_status_idx" ON "time_off_requests" USING btree ("status","created_at");