CREATE TABLE "shift_swaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offered_by" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"end_date" date NOT NULL,
	"total_hours" numeric(5, 2) NOT NULL,
	"offered_to" uuid,
	"taken_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"taken_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_swaps_status" CHECK ("shift_swaps"."status" in ('open', 'accepted', 'approved', 'refused', 'withdrawn')),
	CONSTRAINT "shift_swaps_taken_when_accepted" CHECK ("shift_swaps"."status" not in ('accepted', 'approved') or "shift_swaps"."taken_by" is not null),
	CONSTRAINT "shift_swaps_not_to_oneself" CHECK ("shift_swaps"."offered_to" is distinct from "shift_swaps"."offered_by" and "shift_swaps"."taken_by" is distinct from "shift_swaps"."offered_by"),
	CONSTRAINT "shift_swaps_refusal_has_reason" CHECK ("shift_swaps"."status" <> 'refused' or length(trim(coalesce("shift_swaps"."decision_reason", ''))) > 0),
	CONSTRAINT "shift_swaps_total_hours_range" CHECK ("shift_swaps"."total_hours" > 0 and "shift_swaps"."total_hours" <= 24)
);
--> statement-breakpoint
ALTER TABLE "schedule_edits" DROP CONSTRAINT "schedule_edits_action";--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_offered_by_employees_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_offered_to_employees_id_fk" FOREIGN KEY ("offered_to") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_taken_by_employees_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_swaps_offered_by_idx" ON "shift_swaps" USING btree ("offered_by","date");--> statement-breakpoint
CREATE INDEX "shift_swaps_status_idx" ON "shift_swaps" USING btree ("status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_swaps_one_live_offer" ON "shift_swaps" USING btree ("offered_by","date") WHERE "shift_swaps"."status" in ('open', 'accepted');--> statement-breakpoint
ALTER TABLE "schedule_edits" ADD CONSTRAINT "schedule_edits_action" CHECK ("schedule_edits"."action" in ('saved', 'deleted', 'generated', 'cleared', 'reset', 'published', 'replanned', 'swapped'));