ALTER TABLE "clicks" DROP CONSTRAINT "clicks_link_id_tracking_links_id_fk";
--> statement-breakpoint
-- clicks.link_id keeps the rules of the foreign key it replaces (REFERENCES tracking_links ON DELETE CASCADE),
-- checked once per statement instead of once per row: the key's check was a query per inserted click, a fifth
-- to a third of what writing a click cost (COPY batches of thousands of rows on PGlite). An insert whose link does
-- not exist fails with the key's error (23503, same constraint name); the links are locked FOR KEY SHARE like
-- the key's check does, so a concurrent delete of a link waits for the insert and then deletes its clicks.
CREATE FUNCTION clicks_link_exists() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing uuid;
BEGIN
  SELECT n.link_id INTO missing
  FROM (SELECT DISTINCT link_id FROM new_clicks) n
  WHERE NOT EXISTS (SELECT 1 FROM tracking_links l WHERE l.id = n.link_id FOR KEY SHARE)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "clicks" violates foreign key constraint "clicks_link_id_tracking_links_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'clicks_link_id_tracking_links_id_fk', TABLE = 'clicks',
        DETAIL = format('Key (link_id)=(%s) is not present in table "tracking_links".', missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clicks_link_exists AFTER INSERT ON clicks REFERENCING NEW TABLE AS new_clicks
  FOR EACH STATEMENT EXECUTE FUNCTION clicks_link_exists();
--> statement-breakpoint
-- Clicks are never moved to another link; should one be, the new link must exist too (row by row: rare).
CREATE FUNCTION clicks_link_exists_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tracking_links WHERE id = NEW.link_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "clicks" violates foreign key constraint "clicks_link_id_tracking_links_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'clicks_link_id_tracking_links_id_fk', TABLE = 'clicks',
        DETAIL = format('Key (link_id)=(%s) is not present in table "tracking_links".', NEW.link_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER clicks_link_exists_on_update BEFORE UPDATE OF link_id ON clicks
  FOR EACH ROW WHEN (OLD.link_id IS DISTINCT FROM NEW.link_id) EXECUTE FUNCTION clicks_link_exists_on_update();
--> statement-breakpoint
-- ON DELETE CASCADE: deleting links (directly, or by the cascade from their campaign, publisher, website or
-- application) deletes their clicks in the same statement's transaction.
CREATE FUNCTION tracking_links_delete_clicks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clicks c USING old_links o WHERE c.link_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tracking_links_delete_clicks AFTER DELETE ON tracking_links REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION tracking_links_delete_clicks();
--> statement-breakpoint
-- ON UPDATE NO ACTION: a link's id cannot change while clicks refer to it.
CREATE FUNCTION tracking_links_keep_clicked_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM clicks WHERE link_id = OLD.id) THEN
    RAISE EXCEPTION 'update or delete on table "tracking_links" violates foreign key constraint "clicks_link_id_tracking_links_id_fk" on table "clicks"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'clicks_link_id_tracking_links_id_fk', TABLE = 'clicks',
        DETAIL = format('Key (id)=(%s) is still referenced from table "clicks".', OLD.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tracking_links_keep_clicked_id BEFORE UPDATE OF id ON tracking_links
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION tracking_links_keep_clicked_id();
