CREATE TABLE "daily_stats" (
	"day" date NOT NULL,
	"campaign_id" uuid NOT NULL,
	"advertiser_id" uuid NOT NULL,
	"publisher_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	"sub1" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"unique_clicks" integer DEFAULT 0 NOT NULL,
	"bot_clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"pending_minor" bigint DEFAULT 0 NOT NULL,
	"approved_minor" bigint DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"rejected_minor" bigint DEFAULT 0 NOT NULL,
	"reversed_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_stats_day_campaign_id_publisher_id_website_id_sub1_country_pk" PRIMARY KEY("day","campaign_id","publisher_id","website_id","sub1","country")
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "country" text;--> statement-breakpoint
CREATE INDEX "daily_stats_advertiser_day_idx" ON "daily_stats" USING btree ("advertiser_id","day");--> statement-breakpoint
CREATE INDEX "daily_stats_publisher_day_idx" ON "daily_stats" USING btree ("publisher_id","day");--> statement-breakpoint
CREATE INDEX "daily_stats_campaign_day_idx" ON "daily_stats" USING btree ("campaign_id","day");--> statement-breakpoint
CREATE INDEX "daily_stats_day_idx" ON "daily_stats" USING btree ("day");