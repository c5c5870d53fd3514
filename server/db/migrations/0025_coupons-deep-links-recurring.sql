CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"publisher_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conversions" ALTER COLUMN "click_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "deep_link_hosts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recurring" jsonb;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "attributed_by" text DEFAULT 'click' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "renewal_of" uuid;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_campaign_code_idx" ON "coupons" USING btree ("campaign_id","code") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "coupons_publisher_idx" ON "coupons" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "conversions_campaign_customer_idx" ON "conversions" USING btree ("campaign_id","customer_id") WHERE customer_id is not null and event = 'sale';--> statement-breakpoint
CREATE INDEX "conversions_campaign_subscription_idx" ON "conversions" USING btree ("campaign_id","subscription_id") WHERE subscription_id is not null and event = 'sale';--> statement-breakpoint
CREATE INDEX "conversions_coupon_idx" ON "conversions" USING btree ("coupon_id") WHERE coupon_id is not null;--> statement-breakpoint
-- A conversion attributed by a coupon code (or a renewal of one) has no click: the statement-level key check of
-- migration 0020 skips a null click_id, as a FOREIGN KEY does.
CREATE OR REPLACE FUNCTION conversions_keys_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT n.id INTO missing FROM (SELECT DISTINCT click_id AS id FROM new_conversions WHERE click_id IS NOT NULL) n
  WHERE NOT EXISTS (SELECT 1 FROM clicks p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('conversions_click_id_clicks_id_fk', 'conversions', 'click_id', 'clicks', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT campaign_id AS id FROM new_conversions) n
  WHERE NOT EXISTS (SELECT 1 FROM campaigns p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('conversions_campaign_id_campaigns_id_fk', 'conversions', 'campaign_id', 'campaigns', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT publisher_id AS id FROM new_conversions) n
  WHERE NOT EXISTS (SELECT 1 FROM users p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('conversions_publisher_id_users_id_fk', 'conversions', 'publisher_id', 'users', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT website_id AS id FROM new_conversions) n
  WHERE NOT EXISTS (SELECT 1 FROM websites p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('conversions_website_id_websites_id_fk', 'conversions', 'website_id', 'websites', missing);
  END IF;
  RETURN NULL;
END $$;
