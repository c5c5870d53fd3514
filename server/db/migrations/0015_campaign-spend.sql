CREATE TABLE "campaign_daily_spend" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_daily_spend_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_spend" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"spent_minor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_daily_spend" ADD CONSTRAINT "campaign_daily_spend_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_spend" ADD CONSTRAINT "campaign_spend_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- campaign_spend / campaign_daily_spend: what each campaign has spent (in total and per UTC day of creation), the
-- sum of its non-test commissions in a spending status (pending, approved, paid; a clawback counts negative).
-- Statement-level triggers on commissions keep them in the same transaction as every write, as 0008 does for
-- daily_stats; a change of status between two spending ones (approve, pay) leaves them alone. Rows are upserted
-- in key order, so two transactions touching several campaigns lock their rows in the same order.
CREATE FUNCTION campaign_spend_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT n.campaign_id, (n.created_at AT TIME ZONE 'UTC')::date AS day, sum(n.amount_minor) AS delta
    FROM new_commissions n
    WHERE NOT n.is_test AND n.status IN ('pending', 'approved', 'paid')
    GROUP BY 1, 2
  ), daily AS (
    INSERT INTO campaign_daily_spend AS s (campaign_id, day, spent_minor)
    SELECT campaign_id, day, delta FROM d ORDER BY 1, 2
    ON CONFLICT (campaign_id, day) DO UPDATE SET spent_minor = s.spent_minor + excluded.spent_minor
  )
  INSERT INTO campaign_spend AS s (campaign_id, spent_minor)
  SELECT campaign_id, sum(delta) FROM d GROUP BY 1 ORDER BY 1
  ON CONFLICT (campaign_id) DO UPDATE SET spent_minor = s.spent_minor + excluded.spent_minor;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION campaign_spend_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH m AS (
    SELECT n.campaign_id, (n.created_at AT TIME ZONE 'UTC')::date AS day, n.amount_minor AS delta
    FROM new_commissions n
    WHERE NOT n.is_test AND n.status IN ('pending', 'approved', 'paid')
    UNION ALL
    SELECT o.campaign_id, (o.created_at AT TIME ZONE 'UTC')::date, -o.amount_minor
    FROM old_commissions o
    WHERE NOT o.is_test AND o.status IN ('pending', 'approved', 'paid')
  ), d AS (
    SELECT campaign_id, day, sum(delta) AS delta FROM m GROUP BY 1, 2 HAVING sum(delta) <> 0
  ), daily AS (
    INSERT INTO campaign_daily_spend AS s (campaign_id, day, spent_minor)
    SELECT campaign_id, day, delta FROM d ORDER BY 1, 2
    ON CONFLICT (campaign_id, day) DO UPDATE SET spent_minor = s.spent_minor + excluded.spent_minor
  )
  INSERT INTO campaign_spend AS s (campaign_id, spent_minor)
  SELECT campaign_id, sum(delta) FROM d GROUP BY 1 ORDER BY 1
  ON CONFLICT (campaign_id) DO UPDATE SET spent_minor = s.spent_minor + excluded.spent_minor;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION campaign_spend_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT o.campaign_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, -sum(o.amount_minor) AS delta
    FROM old_commissions o
    WHERE NOT o.is_test AND o.status IN ('pending', 'approved', 'paid')
    GROUP BY 1, 2
  ), daily AS (
    UPDATE campaign_daily_spend s SET spent_minor = s.spent_minor + d.delta
    FROM d WHERE s.campaign_id = d.campaign_id AND s.day = d.day
  )
  UPDATE campaign_spend s SET spent_minor = s.spent_minor + t.delta
  FROM (SELECT campaign_id, sum(delta) AS delta FROM d GROUP BY 1) t
  WHERE s.campaign_id = t.campaign_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER commissions_campaign_spend_insert AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_commissions
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_spend_on_insert();
--> statement-breakpoint
CREATE TRIGGER commissions_campaign_spend_update AFTER UPDATE ON commissions
  REFERENCING OLD TABLE AS old_commissions NEW TABLE AS new_commissions
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_spend_on_update();
--> statement-breakpoint
CREATE TRIGGER commissions_campaign_spend_delete AFTER DELETE ON commissions REFERENCING OLD TABLE AS old_commissions
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_spend_on_delete();
--> statement-breakpoint
-- backfill from the commissions already stored; writers wait until this migration commits
LOCK TABLE commissions IN SHARE MODE;
--> statement-breakpoint
INSERT INTO campaign_daily_spend (campaign_id, day, spent_minor)
SELECT campaign_id, (created_at AT TIME ZONE 'UTC')::date, sum(amount_minor)
FROM commissions
WHERE NOT is_test AND status IN ('pending', 'approved', 'paid')
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO campaign_spend (campaign_id, spent_minor)
SELECT campaign_id, sum(amount_minor)
FROM commissions
WHERE NOT is_test AND status IN ('pending', 'approved', 'paid')
GROUP BY 1;
