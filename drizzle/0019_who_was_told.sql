CREATE TABLE "publication_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"publication_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"changes" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_notices_changes" CHECK ("publication_notices"."changes" > 0)
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "last_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publication_notices" ADD CONSTRAINT "publication_notices_publication_id_published_months_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."published_months"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_notices" ADD CONSTRAINT "publication_notices_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_notices_publication_idx" ON "publication_notices" USING btree ("publication_id","published_at");