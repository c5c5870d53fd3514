CREATE TABLE "websites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publisher_id" uuid NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"monthly_visitors" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"verification_status" text DEFAULT 'unverified' NOT NULL,
	"verification_method" text,
	"verification_token" text NOT NULL,
	"verification_error" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "websites_publisher_url_idx" ON "websites" USING btree ("publisher_id","url");