CREATE TABLE "conversion_addresses" (
	"conversion_id" uuid PRIMARY KEY NOT NULL,
	"ip_hash" text NOT NULL,
	"net_hash" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_addresses" (
	"user_id" uuid NOT NULL,
	"ip_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_addresses_user_id_ip_hash_pk" PRIMARY KEY("user_id","ip_hash")
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "on_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "fraud_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "fraud_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "fraud" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "net_hash" text;--> statement-breakpoint
ALTER TABLE "session_addresses" ADD CONSTRAINT "session_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_addresses_ip_idx" ON "conversion_addresses" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "conversion_addresses_net_idx" ON "conversion_addresses" USING btree ("net_hash","created_at");--> statement-breakpoint
CREATE INDEX "commissions_on_review_idx" ON "commissions" USING btree ("advertiser_id","created_at") WHERE "commissions"."on_review";