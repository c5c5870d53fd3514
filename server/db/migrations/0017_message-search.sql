-- Message search without scanning other people's messages (server/modules/search/message-scope.ts).
-- A misspelled word is corrected against search_words (every distinct word of every message, a short list
-- with a trigram index) and messages are then matched by exact full text, in one GIN index over
-- (member_ids, words): the caller's id and the words are looked up together, so the index hands back only
-- messages of conversations the caller is in. The trigram index on bodies (0014) is no longer read.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
DROP INDEX "messages_body_trgm_idx";--> statement-breakpoint
-- backfill before the indexes exist (one pass each, no index maintenance per row)
UPDATE "messages" m SET "member_ids" = c.ids
FROM (SELECT conversation_id, array_agg(user_id ORDER BY user_id) AS ids FROM conversation_members GROUP BY 1) c
WHERE c.conversation_id = m.conversation_id;--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w.lexeme FROM messages m, unnest(to_tsvector('simple'::regconfig, m.body)) AS w
WHERE length(w.lexeme) <= 100
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("member_ids",to_tsvector('simple'::regconfig, "body"));--> statement-breakpoint
-- messages.member_ids: the conversation's members when the message is written. It only grows (a member who
-- leaves stays in it: search still joins conversation_members, so a superset is enough and nothing has to
-- rewrite a leaver's messages).
CREATE FUNCTION messages_member_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.member_ids := ARRAY(
    SELECT user_id FROM conversation_members WHERE conversation_id = NEW.conversation_id ORDER BY user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_member_ids BEFORE INSERT OR UPDATE OF conversation_id ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_member_ids();
--> statement-breakpoint
-- A member added to a conversation that already has messages (the demo seed adds members after the
-- messages): their id goes into those messages. Read receipts update conversation_members on every message;
-- this trigger is on INSERT only, so they cost nothing here.
CREATE FUNCTION conversation_members_into_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE messages m
  SET member_ids = ARRAY(SELECT DISTINCT u FROM unnest(m.member_ids || n.ids) AS u ORDER BY u)
  FROM (SELECT conversation_id, array_agg(user_id) AS ids FROM new_members GROUP BY 1) n
  WHERE m.conversation_id = n.conversation_id AND NOT m.member_ids @> n.ids;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_members_into_messages AFTER INSERT ON conversation_members
  REFERENCING NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION conversation_members_into_messages();
--> statement-breakpoint
-- search_words: the new words of written (or edited) messages, in word order so that two writers adding the
-- same new words take their locks in the same order. Words of deleted messages stay; they match nothing.
CREATE FUNCTION search_words_from_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme FROM new_messages n, unnest(to_tsvector('simple'::regconfig, n.body)) AS w
  WHERE length(w.lexeme) <= 100
  ORDER BY 1
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_search_words AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_messages FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_messages();
--> statement-breakpoint
CREATE FUNCTION search_words_from_edited_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme
  FROM new_messages n JOIN old_messages o ON o.id = n.id AND o.body IS DISTINCT FROM n.body,
    unnest(to_tsvector('simple'::regconfig, n.body)) AS w
  WHERE length(w.lexeme) <= 100
  ORDER BY 1
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_search_words_on_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_messages NEW TABLE AS new_messages
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_edited_messages();
