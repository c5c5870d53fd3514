CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertiser_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"landing_url" text NOT NULL,
	"currency" text NOT NULL,
	"commission_model" text NOT NULL,
	"payout_minor" integer,
	"revshare_bps" integer,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publisher_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"budget_minor" integer,
	"daily_cap_minor" integer,
	"attribution_days" integer DEFAULT 30 NOT NULL,
	"approval_mode" text DEFAULT 'manual' NOT NULL,
	"allowed_countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"terms" text DEFAULT '' NOT NULL,
	"creative_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracking_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_idx" ON "campaigns" USING btree ("advertiser_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","created_at");