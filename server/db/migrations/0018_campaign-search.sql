-- Campaign search the way messages are searched (0017, server/modules/search/campaign-scope.ts): each query
-- word is corrected against campaign_words (every distinct word of every campaign's name and description, a
-- short list with a trigram index), and campaigns are then matched by exact full text through
-- campaigns_search_idx (0011). Matching names by trigrams checked and scored every campaign holding a common
-- word (2,500 of 100,000 for "lagoon"). Kept apart from search_words: words only messages hold must not take
-- a campaign word's place among a query word's closest corrections.
CREATE TABLE "campaign_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- backfill before the index exists (one pass, no index maintenance per row)
INSERT INTO "campaign_words" ("word")
SELECT DISTINCT w.lexeme
FROM campaigns c, unnest(to_tsvector('simple'::regconfig, c.name || ' ' || c.description)) AS w
WHERE length(w.lexeme) <= 100
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "campaign_words_word_trgm_idx" ON "campaign_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- the words of new campaigns, once per statement (a bulk insert adds each word once), in word order so that
-- two writers adding the same new words take their locks in the same order
CREATE FUNCTION campaign_words_from_campaigns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_words (word)
  SELECT DISTINCT w.lexeme
  FROM new_campaigns n, unnest(to_tsvector('simple'::regconfig, n.name || ' ' || n.description)) AS w
  WHERE length(w.lexeme) <= 100
  ORDER BY 1
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_campaign_words AFTER INSERT ON campaigns
  REFERENCING NEW TABLE AS new_campaigns FOR EACH STATEMENT EXECUTE FUNCTION campaign_words_from_campaigns();
--> statement-breakpoint
-- a renamed (or re-described) campaign's new words. Per row, and only when the text changed: campaigns are
-- updated more often for other reasons (status, creatives), and a statement trigger with transition tables
-- would copy every such row. Old words stay; they match nothing once no campaign holds them.
CREATE FUNCTION campaign_words_from_edited_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_words (word)
  SELECT DISTINCT w.lexeme
  FROM unnest(to_tsvector('simple'::regconfig, NEW.name || ' ' || NEW.description)) AS w
  WHERE length(w.lexeme) <= 100
  ORDER BY 1
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_campaign_words_on_update AFTER UPDATE OF name, description ON campaigns
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION campaign_words_from_edited_campaign();
