ALTER TABLE "audit_log" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "group_key" text;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_group_key_idx" ON "audit_log" USING btree ("group_key");--> statement-breakpoint
-- Rows written before the fields were capped (src/server/repos/audit.ts) are cut to the same limits,
-- so that no page of the audit log carries a megabyte an attacker typed into the email field.
UPDATE "audit_log" SET "email" = left("email", 253) || '…' WHERE char_length("email") > 254;--> statement-breakpoint
UPDATE "audit_log" SET "ip_address" = left("ip_address", 63) || '…' WHERE char_length("ip_address") > 64;--> statement-breakpoint
UPDATE "audit_log" SET "user_id" = left("user_id", 63) || '…' WHERE char_length("user_id") > 64;--> statement-breakpoint
UPDATE "audit_log" SET "action" = left("action", 63) || '…' WHERE char_length("action") > 64;--> statement-breakpoint
UPDATE "audit_log" SET "detail" = jsonb_build_object('truncated', true) WHERE octet_length("detail"::text) > 2048;
