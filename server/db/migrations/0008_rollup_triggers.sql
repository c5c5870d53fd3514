-- Keeps daily_stats (one row per UTC day × campaign × publisher × website × sub1 × country) up to date from
-- every statement that writes clicks, conversions or commissions, COPY included, in the same transaction.
-- Statement-level triggers with transition tables: one aggregate upsert per statement, not per row.
-- Test events never count. server/db/rollups.ts computes the same figures from the raw tables (rebuild,
-- property test); a change here needs the same change there.
CREATE FUNCTION daily_stats_from_clicks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_stats AS d (day, campaign_id, advertiser_id, publisher_id, website_id, sub1, country, currency,
    clicks, unique_clicks, bot_clicks)
  SELECT (n.created_at AT TIME ZONE 'UTC')::date, n.campaign_id, k.advertiser_id, n.publisher_id, n.website_id,
    coalesce(n.sub1, ''), coalesce(n.country, ''), k.currency,
    count(*) FILTER (WHERE NOT n.is_bot),
    count(*) FILTER (WHERE n.is_unique AND NOT n.is_bot),
    count(*) FILTER (WHERE n.is_bot)
  FROM new_clicks n JOIN campaigns k ON k.id = n.campaign_id
  WHERE NOT n.is_test
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (day, campaign_id, publisher_id, website_id, sub1, country) DO UPDATE SET
    clicks = d.clicks + excluded.clicks,
    unique_clicks = d.unique_clicks + excluded.unique_clicks,
    bot_clicks = d.bot_clicks + excluded.bot_clicks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clicks_daily_stats AFTER INSERT ON clicks REFERENCING NEW TABLE AS new_clicks
  FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_from_clicks();
--> statement-breakpoint
CREATE FUNCTION daily_stats_from_conversions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_stats AS d (day, campaign_id, advertiser_id, publisher_id, website_id, sub1, country, currency,
    conversions, revenue_minor)
  SELECT (n.created_at AT TIME ZONE 'UTC')::date, n.campaign_id, k.advertiser_id, n.publisher_id, n.website_id,
    coalesce(c.sub1, ''), coalesce(c.country, ''), k.currency,
    count(*), sum(n.amount_minor)
  FROM new_conversions n
    JOIN campaigns k ON k.id = n.campaign_id
    LEFT JOIN clicks c ON c.id = n.click_id
  WHERE NOT n.is_test
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (day, campaign_id, publisher_id, website_id, sub1, country) DO UPDATE SET
    conversions = d.conversions + excluded.conversions,
    revenue_minor = d.revenue_minor + excluded.revenue_minor;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversions_daily_stats AFTER INSERT ON conversions REFERENCING NEW TABLE AS new_conversions
  FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_from_conversions();
--> statement-breakpoint
-- Adds signed commission amounts (+1 for new rows, -1 for old rows) to the status columns of their day: one
-- body for INSERT, UPDATE (a status moves its amount from one column to another) and DELETE. The rows come
-- from the transition tables, which dynamic SQL can read inside the trigger.
CREATE FUNCTION daily_stats_from_commissions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_commissions n'
    WHEN 'UPDATE' THEN 'SELECT n.*, 1 AS sign FROM new_commissions n UNION ALL SELECT o.*, -1 FROM old_commissions o'
    ELSE 'SELECT o.*, -1 AS sign FROM old_commissions o'
  END;
  EXECUTE format($q$
    INSERT INTO daily_stats AS d (day, campaign_id, advertiser_id, publisher_id, website_id, sub1, country, currency,
      pending_minor, approved_minor, paid_minor, rejected_minor, reversed_minor)
    SELECT (m.created_at AT TIME ZONE 'UTC')::date, m.campaign_id, m.advertiser_id, m.publisher_id,
      coalesce(m.website_id, v.website_id, c.website_id, '00000000-0000-0000-0000-000000000000'::uuid),
      coalesce(c.sub1, ''), coalesce(c.country, ''), k.currency,
      coalesce(sum(m.sign * m.amount_minor) FILTER (WHERE m.status = 'pending'), 0),
      coalesce(sum(m.sign * m.amount_minor) FILTER (WHERE m.status = 'approved'), 0),
      coalesce(sum(m.sign * m.amount_minor) FILTER (WHERE m.status = 'paid'), 0),
      coalesce(sum(m.sign * m.amount_minor) FILTER (WHERE m.status = 'rejected'), 0),
      coalesce(sum(m.sign * m.amount_minor) FILTER (WHERE m.status = 'reversed'), 0)
    FROM (%s) m
      JOIN campaigns k ON k.id = m.campaign_id
      LEFT JOIN conversions v ON v.id = m.conversion_id
      LEFT JOIN clicks c ON c.id = coalesce(m.click_id, v.click_id)
    WHERE NOT m.is_test
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, campaign_id, publisher_id, website_id, sub1, country) DO UPDATE SET
      pending_minor = d.pending_minor + excluded.pending_minor,
      approved_minor = d.approved_minor + excluded.approved_minor,
      paid_minor = d.paid_minor + excluded.paid_minor,
      rejected_minor = d.rejected_minor + excluded.rejected_minor,
      reversed_minor = d.reversed_minor + excluded.reversed_minor
  $q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER commissions_daily_stats_insert AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_commissions
  FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_from_commissions();
--> statement-breakpoint
CREATE TRIGGER commissions_daily_stats_update AFTER UPDATE ON commissions
  REFERENCING OLD TABLE AS old_commissions NEW TABLE AS new_commissions
  FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_from_commissions();
--> statement-breakpoint
CREATE TRIGGER commissions_daily_stats_delete AFTER DELETE ON commissions REFERENCING OLD TABLE AS old_commissions
  FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_from_commissions();
