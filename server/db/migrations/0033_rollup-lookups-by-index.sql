-- The rollup triggers of conversions (as 0032 left it, with the per-link rollup) and commissions look up each new row's click (and a commission's
-- conversion) by id. Since clicks and conversions are partitioned by month (0026) they are keyed (id, created_at),
-- so no unique index tells the planner that an id names one row; with a batch's transition table estimated at a
-- few rows and no fresh statistics (embedded PGlite runs no autovacuum, and a trigger's plan is made once per
-- connection), it joined them by hashing a sequential scan of every month's clicks and conversions, a cost that
-- grew with the tables (8-10 ms a batch at 6,500 clicks; the conversions bench fell from ~450 to ~170/s). Each
-- lookup is now a LATERAL subquery with LIMIT 1, which the planner can only run once per row, by each month's
-- primary key index. What they write is unchanged (ids are unique: a click id names at most one row).
CREATE OR REPLACE FUNCTION daily_stats_from_conversions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH m AS (
    SELECT n.created_at, n.campaign_id, n.publisher_id, n.website_id, n.amount_minor, c.link_id, c.sub1, c.country
    FROM new_conversions n
      LEFT JOIN LATERAL (SELECT x.link_id, x.sub1, x.country FROM clicks x WHERE x.id = n.click_id LIMIT 1) c ON true
    WHERE NOT n.is_test
  ), per_link AS (
    INSERT INTO link_daily_stats AS l (link_id, day, conversions)
    SELECT m.link_id, (m.created_at AT TIME ZONE 'UTC')::date, count(*)
    FROM m WHERE m.link_id IS NOT NULL
    GROUP BY 1, 2
    ON CONFLICT (link_id, day) DO UPDATE SET conversions = l.conversions + excluded.conversions
  )
  INSERT INTO daily_stats AS d (day, campaign_id, advertiser_id, publisher_id, website_id, sub1, country, currency,
    conversions, revenue_minor)
  SELECT (m.created_at AT TIME ZONE 'UTC')::date, m.campaign_id, k.advertiser_id, m.publisher_id, m.website_id,
    coalesce(m.sub1, ''), coalesce(m.country, ''), k.currency,
    count(*), sum(m.amount_minor)
  FROM m JOIN campaigns k ON k.id = m.campaign_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (day, campaign_id, publisher_id, website_id, sub1, country) DO UPDATE SET
    conversions = d.conversions + excluded.conversions,
    revenue_minor = d.revenue_minor + excluded.revenue_minor;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_stats_from_commissions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
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
    FROM (SELECT n.*, 1 AS sign FROM new_commissions n) m
      JOIN campaigns k ON k.id = m.campaign_id
      LEFT JOIN LATERAL (SELECT x.website_id, x.click_id FROM conversions x WHERE x.id = m.conversion_id LIMIT 1) v
        ON true
      LEFT JOIN LATERAL (SELECT x.website_id, x.sub1, x.country FROM clicks x
        WHERE x.id = coalesce(m.click_id, v.click_id) LIMIT 1) c ON true
    WHERE NOT m.is_test
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, campaign_id, publisher_id, website_id, sub1, country) DO UPDATE SET
      pending_minor = d.pending_minor + excluded.pending_minor,
      approved_minor = d.approved_minor + excluded.approved_minor,
      paid_minor = d.paid_minor + excluded.paid_minor,
      rejected_minor = d.rejected_minor + excluded.rejected_minor,
      reversed_minor = d.reversed_minor + excluded.reversed_minor;
  ELSIF TG_OP = 'UPDATE' THEN
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
    FROM (SELECT n.*, 1 AS sign FROM new_commissions n UNION ALL SELECT o.*, -1 FROM old_commissions o) m
      JOIN campaigns k ON k.id = m.campaign_id
      LEFT JOIN LATERAL (SELECT x.website_id, x.click_id FROM conversions x WHERE x.id = m.conversion_id LIMIT 1) v
        ON true
      LEFT JOIN LATERAL (SELECT x.website_id, x.sub1, x.country FROM clicks x
        WHERE x.id = coalesce(m.click_id, v.click_id) LIMIT 1) c ON true
    WHERE NOT m.is_test
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, campaign_id, publisher_id, website_id, sub1, country) DO UPDATE SET
      pending_minor = d.pending_minor + excluded.pending_minor,
      approved_minor = d.approved_minor + excluded.approved_minor,
      paid_minor = d.paid_minor + excluded.paid_minor,
      rejected_minor = d.rejected_minor + excluded.rejected_minor,
      reversed_minor = d.reversed_minor + excluded.reversed_minor;
  ELSE
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
    FROM (SELECT o.*, -1 AS sign FROM old_commissions o) m
      JOIN campaigns k ON k.id = m.campaign_id
      LEFT JOIN LATERAL (SELECT x.website_id, x.click_id FROM conversions x WHERE x.id = m.conversion_id LIMIT 1) v
        ON true
      LEFT JOIN LATERAL (SELECT x.website_id, x.sub1, x.country FROM clicks x
        WHERE x.id = coalesce(m.click_id, v.click_id) LIMIT 1) c ON true
    WHERE NOT m.is_test
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, campaign_id, publisher_id, website_id, sub1, country) DO UPDATE SET
      pending_minor = d.pending_minor + excluded.pending_minor,
      approved_minor = d.approved_minor + excluded.approved_minor,
      paid_minor = d.paid_minor + excluded.paid_minor,
      rejected_minor = d.rejected_minor + excluded.rejected_minor,
      reversed_minor = d.reversed_minor + excluded.reversed_minor;
  END IF;
  RETURN NULL;
END $$;
