ALTER TABLE "clicks" DROP CONSTRAINT "clicks_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "clicks" DROP CONSTRAINT "clicks_publisher_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "clicks" DROP CONSTRAINT "clicks_website_id_websites_id_fk";
