-- The rollup triggers on commissions (0008) and on daily_stats (0010) built their statement with format()
-- and ran it with EXECUTE, so PostgreSQL parsed and planned it anew on every call: a batch of conversions
-- paid for five such plans (the commissions' rows, then daily_totals for the rows daily_stats inserted and
-- for the ones it updated, after each of the two inserts). The same statements are written out here, one per
-- operation (a branch reads only the transition tables its trigger has), so PL/pgSQL prepares each once per
-- session and reuses its plan. What they write is unchanged: the rows as in 0008 and 0010, signed +1 for new
-- and -1 for old ones.
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
      LEFT JOIN conversions v ON v.id = m.conversion_id
      LEFT JOIN clicks c ON c.id = coalesce(m.click_id, v.click_id)
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
      LEFT JOIN conversions v ON v.id = m.conversion_id
      LEFT JOIN clicks c ON c.id = coalesce(m.click_id, v.click_id)
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
      LEFT JOIN conversions v ON v.id = m.conversion_id
      LEFT JOIN clicks c ON c.id = coalesce(m.click_id, v.click_id)
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_totals_from_daily_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_totals AS t (day, campaign_id, advertiser_id, publisher_id, website_id, currency,
      clicks, unique_clicks, bot_clicks, conversions, revenue_minor,
      pending_minor, approved_minor, paid_minor, rejected_minor, reversed_minor)
    SELECT m.day, m.campaign_id, m.advertiser_id, m.publisher_id, m.website_id, m.currency,
      sum(m.sign * m.clicks), sum(m.sign * m.unique_clicks), sum(m.sign * m.bot_clicks),
      sum(m.sign * m.conversions), sum(m.sign * m.revenue_minor),
      sum(m.sign * m.pending_minor), sum(m.sign * m.approved_minor), sum(m.sign * m.paid_minor),
      sum(m.sign * m.rejected_minor), sum(m.sign * m.reversed_minor)
    FROM (SELECT n.*, 1 AS sign FROM new_stats n) m
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
      reversed_minor = t.reversed_minor + excluded.reversed_minor;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO daily_totals AS t (day, campaign_id, advertiser_id, publisher_id, website_id, currency,
      clicks, unique_clicks, bot_clicks, conversions, revenue_minor,
      pending_minor, approved_minor, paid_minor, rejected_minor, reversed_minor)
    SELECT m.day, m.campaign_id, m.advertiser_id, m.publisher_id, m.website_id, m.currency,
      sum(m.sign * m.clicks), sum(m.sign * m.unique_clicks), sum(m.sign * m.bot_clicks),
      sum(m.sign * m.conversions), sum(m.sign * m.revenue_minor),
      sum(m.sign * m.pending_minor), sum(m.sign * m.approved_minor), sum(m.sign * m.paid_minor),
      sum(m.sign * m.rejected_minor), sum(m.sign * m.reversed_minor)
    FROM (SELECT n.*, 1 AS sign FROM new_stats n UNION ALL SELECT o.*, -1 FROM old_stats o) m
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
      reversed_minor = t.reversed_minor + excluded.reversed_minor;
  ELSE
    INSERT INTO daily_totals AS t (day, campaign_id, advertiser_id, publisher_id, website_id, currency,
      clicks, unique_clicks, bot_clicks, conversions, revenue_minor,
      pending_minor, approved_minor, paid_minor, rejected_minor, reversed_minor)
    SELECT m.day, m.campaign_id, m.advertiser_id, m.publisher_id, m.website_id, m.currency,
      sum(m.sign * m.clicks), sum(m.sign * m.unique_clicks), sum(m.sign * m.bot_clicks),
      sum(m.sign * m.conversions), sum(m.sign * m.revenue_minor),
      sum(m.sign * m.pending_minor), sum(m.sign * m.approved_minor), sum(m.sign * m.paid_minor),
      sum(m.sign * m.rejected_minor), sum(m.sign * m.reversed_minor)
    FROM (SELECT o.*, -1 AS sign FROM old_stats o) m
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
      reversed_minor = t.reversed_minor + excluded.reversed_minor;
  END IF;
  RETURN NULL;
END $$;
