CREATE TABLE "daily_totals" (
	"day" date NOT NULL,
	"campaign_id" uuid NOT NULL,
	"advertiser_id" uuid NOT NULL,
	"publisher_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"unique_clicks" bigint DEFAULT 0 NOT NULL,
	"bot_clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"pending_minor" bigint DEFAULT 0 NOT NULL,
	"approved_minor" bigint DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"rejected_minor" bigint DEFAULT 0 NOT NULL,
	"reversed_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_totals_day_campaign_id_publisher_id_website_id_pk" PRIMARY KEY("day","campaign_id","publisher_id","website_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"commissions" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_campaign_id_pk" PRIMARY KEY("invoice_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"advertiser_id" uuid NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"fee_bps" integer NOT NULL,
	"fee_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"billing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issued_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publisher_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"commission_count" integer DEFAULT 0 NOT NULL,
	"method" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reference" text,
	"failure_reason" text,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_totals_advertiser_day_idx" ON "daily_totals" USING btree ("advertiser_id","day");--> statement-breakpoint
CREATE INDEX "daily_totals_publisher_day_idx" ON "daily_totals" USING btree ("publisher_id","day");--> statement-breakpoint
CREATE INDEX "daily_totals_campaign_day_idx" ON "daily_totals" USING btree ("campaign_id","day");--> statement-breakpoint
CREATE INDEX "daily_totals_day_idx" ON "daily_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_month_idx" ON "invoices" USING btree ("advertiser_id","month","currency") WHERE "invoices"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "invoices_advertiser_idx" ON "invoices" USING btree ("advertiser_id","month");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_idx" ON "payouts" USING btree ("publisher_id","currency") WHERE "payouts"."status" in ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "payouts_publisher_idx" ON "payouts" USING btree ("publisher_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_payout_idx" ON "commissions" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "commissions_invoice_idx" ON "commissions" USING btree ("invoice_id");--> statement-breakpoint
-- daily_totals follows daily_stats: every statement that writes daily_stats (the click, conversion and
-- commission triggers of 0008, the rebuild's delete and insert) adds its signed change, grouped one level
-- coarser, in the same transaction. One body for INSERT, UPDATE and DELETE, as in 0008.
CREATE FUNCTION daily_totals_from_daily_stats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_stats n'
    WHEN 'UPDATE' THEN 'SELECT n.*, 1 AS sign FROM new_stats n UNION ALL SELECT o.*, -1 FROM old_stats o'
    ELSE 'SELECT o.*, -1 AS sign FROM old_stats o'
  END;
  EXECUTE format($q$
    INSERT INTO daily_totals AS t (day, campaign_id, advertiser_id, publisher_id, website_id, currency,
      clicks, unique_clicks, bot_clicks, conversions, revenue_minor,
      pending_minor, approved_minor, paid_minor, rejected_minor, reversed_minor)
    SELECT m.day, m.campaign_id, m.advertiser_id, m.publisher_id, m.website_id, m.currency,
      sum(m.sign * m.clicks), sum(m.sign * m.unique_clicks), sum(m.sign * m.bot_clicks),
      sum(m.sign * m.conversions), sum(m.sign * m.revenue_minor),
      sum(m.sign * m.pending_minor), sum(m.sign * m.approved_minor), sum(m.sign * m.paid_minor),
      sum(m.sign * m.rejected_minor), sum(m.sign * m.reversed_minor)
    FROM (%s) m
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (day, campaign_id, publisher_id, website_id) DO UPDATE SET
      clicks = t.clicks + excluded.clicks,
      unique_clicks = t.unique_clicks + excluded.unique_clicks,
      bot_clicks = t.bot_clicks + excluded.bot_clicks,
      conversions = t.conversions + excluded.conversions,
      revenue_minor = t.revenue_minor + excluded.revenue_minor,
      pending_minor = t.pending_minor + excluded.pending_minor,
      approved_minor = t.approved_minor + excluded.approved_minor,
      paid_minor = t.paid_minor + excluded.paid_minor,
      rejected_minor = t.rejected_minor + excluded.rejected_minor,
      reversed_minor = t.reversed_minor + excluded.reversed_minor
  $q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_stats_totals_insert AFTER INSERT ON daily_stats REFERENCING NEW TABLE AS new_stats
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_from_daily_stats();
--> statement-breakpoint
CREATE TRIGGER daily_stats_totals_update AFTER UPDATE ON daily_stats
  REFERENCING OLD TABLE AS old_stats NEW TABLE AS new_stats
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_from_daily_stats();
--> statement-breakpoint
CREATE TRIGGER daily_stats_totals_delete AFTER DELETE ON daily_stats REFERENCING OLD TABLE AS old_stats
  FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_from_daily_stats();
--> statement-breakpoint
-- Existing installs: start daily_totals from what daily_stats holds now.
INSERT INTO daily_totals (day, campaign_id, advertiser_id, publisher_id, website_id, currency,
  clicks, unique_clicks, bot_clicks, conversions, revenue_minor,
  pending_minor, approved_minor, paid_minor, rejected_minor, reversed_minor)
SELECT day, campaign_id, advertiser_id, publisher_id, website_id, currency,
  sum(clicks), sum(unique_clicks), sum(bot_clicks), sum(conversions), sum(revenue_minor),
  sum(pending_minor), sum(approved_minor), sum(paid_minor), sum(rejected_minor), sum(reversed_minor)
FROM daily_stats
GROUP BY 1, 2, 3, 4, 5, 6;
