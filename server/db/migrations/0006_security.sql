CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_settings" ALTER COLUMN "min_payout_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "admin_settings" ALTER COLUMN "min_payout_minor" SET DEFAULT 5000;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "payout_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "budget_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "daily_cap_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "pixel_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "max_order_minor" bigint;--> statement-breakpoint
ALTER TABLE "revoked_tokens" ADD CONSTRAINT "revoked_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "conversions_click_idx" ON "conversions" USING btree ("click_id");