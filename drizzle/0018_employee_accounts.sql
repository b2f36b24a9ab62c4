CREATE TABLE "employee_accounts" (
	"employee_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invited_by" text,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "employee_accounts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "employee_accounts_invite_token_hash_unique" UNIQUE("invite_token_hash"),
	CONSTRAINT "employee_accounts_invitation" CHECK (("employee_accounts"."invite_token_hash" is null) = ("employee_accounts"."invite_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "show_colleagues" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_accounts" ADD CONSTRAINT "employee_accounts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_accounts" ADD CONSTRAINT "employee_accounts_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;