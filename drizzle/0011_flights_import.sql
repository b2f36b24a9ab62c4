CREATE TABLE "flight_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"file_name" text NOT NULL,
	"time_basis" text NOT NULL,
	"new_count" integer NOT NULL,
	"changed_count" integer NOT NULL,
	"unchanged_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_profiles" (
	"header_key" text PRIMARY KEY NOT NULL,
	"header" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flights" ALTER COLUMN "arrival_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_import_id_flight_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."flight_imports"("id") ON DELETE set null ON UPDATE no action;