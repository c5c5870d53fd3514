ALTER TABLE "commissions" DROP CONSTRAINT "commissions_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "commissions" DROP CONSTRAINT "commissions_advertiser_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "commissions" DROP CONSTRAINT "commissions_publisher_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "commissions" DROP CONSTRAINT "commissions_website_id_websites_id_fk";
--> statement-breakpoint
ALTER TABLE "commissions" DROP CONSTRAINT "commissions_conversion_id_conversions_id_fk";
--> statement-breakpoint
ALTER TABLE "commissions" DROP CONSTRAINT "commissions_click_id_clicks_id_fk";
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_click_id_clicks_id_fk";
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_publisher_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_website_id_websites_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
--> statement-breakpoint
-- The eleven keys dropped above keep their rules, checked once per statement instead of once per row. Each key's
-- check was a query per inserted row: writing a batch of ~24 conversions ran 264 of them, about a fifth of the
-- PGlite worker's time for the batch (the way 0016 did it for clicks.link_id). What holds as before:
-- * an insert (or an update of the column) whose parent does not exist fails with the key's own error (23503,
--   same constraint name and messages), and the parents are locked FOR KEY SHARE like the key's check does, so
--   a concurrent delete of a parent waits for the insert and then applies its rule to the new rows;
-- * deleting a parent applies the key's ON DELETE rule (restrict, cascade or set null) in the same statement;
-- * a parent's id cannot change while rows refer to it (ON UPDATE NO ACTION).
-- What does not hold: TRUNCATE of a parent is no longer refused while these tables refer to it (TRUNCATE fires no
-- delete triggers; the same holds for tracking_links since 0016). Nothing in the app truncates a table.
-- The insert checks are static SQL (planned once per session: they run with every batch); their triggers are named
-- <table>_0_… so that they fire before the table's other AFTER INSERT triggers (PostgreSQL fires them in name order),
-- as the keys' checks did: a missing parent is reported as such, before the rollups read the rows. The rare paths
-- (parent deletes, id and column updates) share generic functions whose arguments name the keys.
CREATE FUNCTION fk_missing_parent(constraint_name text, child text, child_column text, parent text, missing text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', child, constraint_name
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = constraint_name, TABLE = child,
      DETAIL = format('Key (%s)=(%s) is not present in table "%s".', child_column, missing, parent);
END $$;
--> statement-breakpoint
CREATE FUNCTION fk_still_referenced(constraint_name text, child text, parent text, parent_id text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "%"', parent,
      constraint_name, child
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = constraint_name, TABLE = child,
      DETAIL = format('Key (id)=(%s) is still referenced from table "%s".', parent_id, child);
END $$;
--> statement-breakpoint
CREATE FUNCTION conversions_keys_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT n.id INTO missing FROM (SELECT DISTINCT click_id AS id FROM new_conversions) n
  WHERE NOT EXISTS (SELECT 1 FROM clicks p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('conversions_click_id_clicks_id_fk', 'conversions', 'click_id', 'clicks', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT campaign_id AS id FROM new_conversions) n
  WHERE NOT EXISTS (SELECT 1 FROM campaigns p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('conversions_campaign_id_campaigns_id_fk', 'conversions', 'campaign_id', 'campaigns', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT publisher_id AS id FROM new_conversions) n
  WHERE NOT EXISTS (SELECT 1 FROM users p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('conversions_publisher_id_users_id_fk', 'conversions', 'publisher_id', 'users', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT website_id AS id FROM new_conversions) n
  WHERE NOT EXISTS (SELECT 1 FROM websites p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('conversions_website_id_websites_id_fk', 'conversions', 'website_id', 'websites', missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversions_0_keys_exist AFTER INSERT ON conversions REFERENCING NEW TABLE AS new_conversions
  FOR EACH STATEMENT EXECUTE FUNCTION conversions_keys_exist();
--> statement-breakpoint
CREATE FUNCTION commissions_keys_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT campaign_id AS id FROM new_commissions) n
  WHERE NOT EXISTS (SELECT 1 FROM campaigns p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('commissions_campaign_id_campaigns_id_fk', 'commissions', 'campaign_id', 'campaigns', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT advertiser_id AS id FROM new_commissions) n
  WHERE NOT EXISTS (SELECT 1 FROM users p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('commissions_advertiser_id_users_id_fk', 'commissions', 'advertiser_id', 'users', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT publisher_id AS id FROM new_commissions) n
  WHERE NOT EXISTS (SELECT 1 FROM users p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('commissions_publisher_id_users_id_fk', 'commissions', 'publisher_id', 'users', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT website_id AS id FROM new_commissions WHERE website_id IS NOT NULL) n
  WHERE NOT EXISTS (SELECT 1 FROM websites p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('commissions_website_id_websites_id_fk', 'commissions', 'website_id', 'websites', missing);
  END IF;
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT conversion_id AS id FROM new_commissions WHERE conversion_id IS NOT NULL) n
  WHERE NOT EXISTS (SELECT 1 FROM conversions p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('commissions_conversion_id_conversions_id_fk', 'commissions', 'conversion_id', 'conversions', missing);
  END IF;
  SELECT n.id INTO missing FROM (SELECT DISTINCT click_id AS id FROM new_commissions WHERE click_id IS NOT NULL) n
  WHERE NOT EXISTS (SELECT 1 FROM clicks p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('commissions_click_id_clicks_id_fk', 'commissions', 'click_id', 'clicks', missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER commissions_0_keys_exist AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_commissions
  FOR EACH STATEMENT EXECUTE FUNCTION commissions_keys_exist();
--> statement-breakpoint
CREATE FUNCTION notifications_keys_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT n.id::text INTO missing FROM (SELECT DISTINCT user_id AS id FROM new_notifications) n
  WHERE NOT EXISTS (SELECT 1 FROM users p WHERE p.id = n.id FOR KEY SHARE) LIMIT 1;
  IF FOUND THEN
    PERFORM fk_missing_parent('notifications_user_id_users_id_fk', 'notifications', 'user_id', 'users', missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_0_keys_exist AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_keys_exist();
--> statement-breakpoint
-- An update that points a row at another parent (rare: nothing in the app does) is checked row by row. Arguments:
-- (column, parent table) pairs; the constraint is named <table>_<column>_<parent>_id_fk, as the keys were.
CREATE FUNCTION fk_parents_exist_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i int := 0;
  changed boolean;
  present boolean;
  value text;
BEGIN
  WHILE i < TG_NARGS LOOP
    EXECUTE format('SELECT ($1).%1$I IS NOT NULL AND ($1).%1$I IS DISTINCT FROM ($2).%1$I, ($1).%1$I::text', TG_ARGV[i])
      INTO changed, value USING NEW, OLD;
    IF changed THEN
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I p WHERE p.id = ($1).%I FOR KEY SHARE)', TG_ARGV[i + 1], TG_ARGV[i])
        INTO present USING NEW;
      IF NOT present THEN
        PERFORM fk_missing_parent(format('%s_%s_%s_id_fk', TG_TABLE_NAME, TG_ARGV[i], TG_ARGV[i + 1]), TG_TABLE_NAME,
          TG_ARGV[i], TG_ARGV[i + 1], value);
      END IF;
    END IF;
    i := i + 2;
  END LOOP;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversions_keys_exist_on_update BEFORE UPDATE OF click_id, campaign_id, publisher_id, website_id
  ON conversions FOR EACH ROW EXECUTE FUNCTION fk_parents_exist_on_update(
    'click_id', 'clicks', 'campaign_id', 'campaigns', 'publisher_id', 'users', 'website_id', 'websites');
--> statement-breakpoint
CREATE TRIGGER commissions_keys_exist_on_update BEFORE UPDATE OF campaign_id, advertiser_id, publisher_id, website_id,
  conversion_id, click_id ON commissions FOR EACH ROW EXECUTE FUNCTION fk_parents_exist_on_update(
    'campaign_id', 'campaigns', 'advertiser_id', 'users', 'publisher_id', 'users', 'website_id', 'websites',
    'conversion_id', 'conversions', 'click_id', 'clicks');
--> statement-breakpoint
CREATE TRIGGER notifications_keys_exist_on_update BEFORE UPDATE OF user_id ON notifications
  FOR EACH ROW EXECUTE FUNCTION fk_parents_exist_on_update('user_id', 'users');
--> statement-breakpoint
-- Deleting parents applies each key's ON DELETE rule to the rows that refer to them, once per statement.
-- Arguments: (child table, column, rule) triples, rule one of restrict, cascade, set null. A refused delete fails
-- the whole statement, with whatever the rules before it did.
CREATE FUNCTION fk_rules_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i int := 0;
  referenced text;
BEGIN
  WHILE i < TG_NARGS LOOP
    IF TG_ARGV[i + 2] = 'restrict' THEN
      EXECUTE format('SELECT o.id::text FROM old_parents o WHERE EXISTS (SELECT 1 FROM %I c WHERE c.%I = o.id) LIMIT 1',
        TG_ARGV[i], TG_ARGV[i + 1]) INTO referenced;
      IF referenced IS NOT NULL THEN
        PERFORM fk_still_referenced(format('%s_%s_%s_id_fk', TG_ARGV[i], TG_ARGV[i + 1], TG_TABLE_NAME), TG_ARGV[i],
          TG_TABLE_NAME, referenced);
      END IF;
    ELSIF TG_ARGV[i + 2] = 'cascade' THEN
      EXECUTE format('DELETE FROM %I c USING old_parents o WHERE c.%I = o.id', TG_ARGV[i], TG_ARGV[i + 1]);
    ELSIF TG_ARGV[i + 2] = 'set null' THEN
      EXECUTE format('UPDATE %1$I c SET %2$I = NULL FROM old_parents o WHERE c.%2$I = o.id', TG_ARGV[i], TG_ARGV[i + 1]);
    ELSE
      RAISE EXCEPTION 'fk_rules_on_delete: unknown rule %', TG_ARGV[i + 2];
    END IF;
    i := i + 3;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_fk_rules_on_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_parents
  FOR EACH STATEMENT EXECUTE FUNCTION fk_rules_on_delete(
    'commissions', 'advertiser_id', 'restrict', 'commissions', 'publisher_id', 'restrict',
    'conversions', 'publisher_id', 'cascade', 'notifications', 'user_id', 'cascade');
--> statement-breakpoint
CREATE TRIGGER campaigns_fk_rules_on_delete AFTER DELETE ON campaigns REFERENCING OLD TABLE AS old_parents
  FOR EACH STATEMENT EXECUTE FUNCTION fk_rules_on_delete(
    'commissions', 'campaign_id', 'restrict', 'conversions', 'campaign_id', 'cascade');
--> statement-breakpoint
CREATE TRIGGER websites_fk_rules_on_delete AFTER DELETE ON websites REFERENCING OLD TABLE AS old_parents
  FOR EACH STATEMENT EXECUTE FUNCTION fk_rules_on_delete(
    'commissions', 'website_id', 'set null', 'conversions', 'website_id', 'cascade');
--> statement-breakpoint
CREATE TRIGGER conversions_fk_rules_on_delete AFTER DELETE ON conversions REFERENCING OLD TABLE AS old_parents
  FOR EACH STATEMENT EXECUTE FUNCTION fk_rules_on_delete('commissions', 'conversion_id', 'restrict');
--> statement-breakpoint
CREATE TRIGGER clicks_fk_rules_on_delete AFTER DELETE ON clicks REFERENCING OLD TABLE AS old_parents
  FOR EACH STATEMENT EXECUTE FUNCTION fk_rules_on_delete(
    'commissions', 'click_id', 'set null', 'conversions', 'click_id', 'cascade');
--> statement-breakpoint
-- ON UPDATE NO ACTION: a parent's id cannot change while rows refer to it. Arguments: (child table, column) pairs.
CREATE FUNCTION fk_keep_referenced_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i int := 0;
  referenced boolean;
BEGIN
  WHILE i < TG_NARGS LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I c WHERE c.%I = $1)', TG_ARGV[i], TG_ARGV[i + 1])
      INTO referenced USING OLD.id;
    IF referenced THEN
      PERFORM fk_still_referenced(format('%s_%s_%s_id_fk', TG_ARGV[i], TG_ARGV[i + 1], TG_TABLE_NAME), TG_ARGV[i],
        TG_TABLE_NAME, OLD.id::text);
    END IF;
    i := i + 2;
  END LOOP;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_fk_keep_referenced_id BEFORE UPDATE OF id ON users
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION fk_keep_referenced_id(
    'commissions', 'advertiser_id', 'commissions', 'publisher_id', 'conversions', 'publisher_id',
    'notifications', 'user_id');
--> statement-breakpoint
CREATE TRIGGER campaigns_fk_keep_referenced_id BEFORE UPDATE OF id ON campaigns
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION fk_keep_referenced_id(
    'commissions', 'campaign_id', 'conversions', 'campaign_id');
--> statement-breakpoint
CREATE TRIGGER websites_fk_keep_referenced_id BEFORE UPDATE OF id ON websites
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION fk_keep_referenced_id(
    'commissions', 'website_id', 'conversions', 'website_id');
--> statement-breakpoint
CREATE TRIGGER conversions_fk_keep_referenced_id BEFORE UPDATE OF id ON conversions
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION fk_keep_referenced_id(
    'commissions', 'conversion_id');
--> statement-breakpoint
CREATE TRIGGER clicks_fk_keep_referenced_id BEFORE UPDATE OF id ON clicks
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION fk_keep_referenced_id(
    'commissions', 'click_id', 'conversions', 'click_id');
