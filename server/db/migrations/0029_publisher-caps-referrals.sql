CREATE TABLE "publisher_cap_notices" (
	"campaign_id" uuid NOT NULL,
	"publisher_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "publisher_cap_notices_campaign_id_publisher_id_day_pk" PRIMARY KEY("campaign_id","publisher_id","day")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"publisher_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "referral_of" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "publisher_caps" jsonb;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_share_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "referral_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "publisher_cap_notices" ADD CONSTRAINT "publisher_cap_notices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_cap_notices" ADD CONSTRAINT "publisher_cap_notices_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_idx" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_referral_of_idx" ON "commissions" USING btree ("referral_of");