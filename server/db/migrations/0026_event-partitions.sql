-- clicks and conversions become range-partitioned by month of created_at, so that old clicks can be dropped a whole
-- month at a time (DROP TABLE: no row-by-row delete, no delete triggers, so the daily rollups keep their figures) and
-- each month's indexes stay the size of one month. Partitions are named <table>_yYYYYmMM and cover
-- [first of the month 00:00 UTC, first of the next month); <table>_default takes any row outside them (history
-- older than the made months, or a month the job has not made yet) until ensure_month_partition makes its month.
--
-- A partitioned table's primary and unique keys must hold the partition key, so:
-- * clicks and conversions are keyed (id, created_at); ids stay random (unique in practice), a lookup by id alone
--   reads each month's index;
-- * (campaign_id, order_id) once across all months, which the unique index conversions_campaign_order_idx held, is
--   held by conversion_orders: the row trigger conversions_order_once claims the pair there before a conversion row
--   is written and skips the row when another conversion has it (also one a concurrent transaction is writing: the
--   claim waits for it like a unique index does), which is what INSERT ... ON CONFLICT DO NOTHING did before.
--
-- Existing rows are moved: the table is renamed, the partitioned parent created LIKE it (every column, default and
-- check, including columns other migrations added), the months holding rows and the next ones made, the rows copied,
-- the old table dropped, then the keys, the other indexes and the triggers the old table had are made again on the
-- parent (the triggers last, so the copy neither counts twice in the rollups nor checks keys already checked).
ALTER TABLE "admin_settings" ADD COLUMN "click_retention_days" integer DEFAULT 400 NOT NULL;
--> statement-breakpoint
CREATE TABLE "conversion_orders" (
	"campaign_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"conversion_id" uuid NOT NULL,
	CONSTRAINT "conversion_orders_pkey" PRIMARY KEY("campaign_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "dropped_click_months" (
	"month" date PRIMARY KEY NOT NULL,
	"dropped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Makes the month partition of `parent` holding `month` unless it exists; answers whether it made one. Rows of that
-- month waiting in the default partition are moved into it first (partition to partition: the parent's statement
-- triggers do not fire, so rollups and key checks see no new rows). One caller at a time (transaction lock).
CREATE FUNCTION ensure_month_partition(parent text, month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month)::date;
  part text := format('%s_y%sm%s', parent, to_char(first_day, 'YYYY'), to_char(first_day, 'MM'));
  lower_bound text := to_char(first_day, 'YYYY-MM-DD') || ' 00:00:00+00';
  upper_bound text := to_char(first_day + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00';
  waiting boolean;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('ensure_month_partition'));
  IF to_regclass(format('public.%I', part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE created_at >= %L AND created_at < %L)',
    parent || '_default', lower_bound, upper_bound) INTO waiting;
  IF waiting THEN
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, parent);
    EXECUTE format('WITH moved AS (DELETE FROM %I WHERE created_at >= %L AND created_at < %L RETURNING *) '
      'INSERT INTO %I SELECT * FROM moved', parent || '_default', lower_bound, upper_bound, part);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lower_bound,
      upper_bound);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent, lower_bound,
      upper_bound);
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
-- One-off (dropped below): turns `tbl` into a table partitioned by month, keeping its rows, indexes and triggers.
CREATE FUNCTION partition_by_month_once(tbl text, months_ahead int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old text := tbl || '_unpartitioned';
  index_defs text[];
  trigger_defs text[];
  key_defs text[];
  def text;
  month date;
BEGIN
  EXECUTE format('ALTER TABLE %I RENAME TO %I', tbl, old);
  -- every index but the primary key; a unique one (conversions_campaign_order_idx) comes back plain
  SELECT coalesce(array_agg(pg_get_indexdef(i.indexrelid)), '{}') INTO index_defs
  FROM pg_index i WHERE i.indrelid = format('public.%I', old)::regclass AND NOT i.indisprimary;
  SELECT coalesce(array_agg(pg_get_triggerdef(t.oid)), '{}') INTO trigger_defs
  FROM pg_trigger t WHERE t.tgrelid = format('public.%I', old)::regclass AND NOT t.tgisinternal;
  -- foreign keys to other tables (LIKE does not copy them); a key referencing this table would stop the DROP below
  SELECT coalesce(array_agg(format('ALTER TABLE %I ADD CONSTRAINT %I %s', tbl, c.conname, pg_get_constraintdef(c.oid))),
    '{}') INTO key_defs
  FROM pg_constraint c WHERE c.conrelid = format('public.%I', old)::regclass AND c.contype = 'f';

  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED '
    'INCLUDING IDENTITY INCLUDING STORAGE INCLUDING COMMENTS) PARTITION BY RANGE (created_at)', tbl, old);
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', tbl || '_default', tbl);
  FOR month IN EXECUTE format('SELECT DISTINCT date_trunc(''month'', created_at AT TIME ZONE ''UTC'')::date FROM %I',
    old) LOOP
    PERFORM ensure_month_partition(tbl, month);
  END LOOP;
  FOR i IN 0..months_ahead LOOP
    PERFORM ensure_month_partition(tbl, (date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => i))::date);
  END LOOP;
  EXECUTE format('INSERT INTO %I SELECT * FROM %I', tbl, old);
  EXECUTE format('DROP TABLE %I', old);

  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (id, created_at)', tbl, tbl || '_pkey');
  FOREACH def IN ARRAY index_defs LOOP
    def := replace(def, format(' ON public.%I ', old), format(' ON public.%I ', tbl));
    EXECUTE regexp_replace(def, '^CREATE UNIQUE INDEX', 'CREATE INDEX');
  END LOOP;
  FOREACH def IN ARRAY key_defs LOOP
    EXECUTE def;
  END LOOP;
  FOREACH def IN ARRAY trigger_defs LOOP
    EXECUTE replace(def, format(' ON public.%I ', old), format(' ON public.%I ', tbl));
  END LOOP;
END $$;
--> statement-breakpoint
SELECT partition_by_month_once('clicks', 2);
--> statement-breakpoint
SELECT partition_by_month_once('conversions', 2);
--> statement-breakpoint
DROP FUNCTION partition_by_month_once(text, int);
--> statement-breakpoint
INSERT INTO conversion_orders (campaign_id, order_id, conversion_id) SELECT campaign_id, order_id, id FROM conversions;
--> statement-breakpoint
CREATE FUNCTION conversions_order_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversion_orders (campaign_id, order_id, conversion_id) VALUES (NEW.campaign_id, NEW.order_id, NEW.id)
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NEW;
  END IF;
  -- the same conversion moving to another month's partition (an UPDATE of created_at is a DELETE from one
  -- partition and an INSERT into the other) keeps its own claim; before, the moved row was silently dropped
  PERFORM 1 FROM conversion_orders
  WHERE campaign_id = NEW.campaign_id AND order_id = NEW.order_id AND conversion_id = NEW.id;
  IF FOUND THEN
    RETURN NEW;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversions_order_once BEFORE INSERT ON conversions
  FOR EACH ROW EXECUTE FUNCTION conversions_order_once();
--> statement-breakpoint
-- A deleted conversion (its click, campaign, publisher or website deleted) gives its order back, as the unique index
-- did. A conversion's campaign and order never change; should one, its claim moves with it or the update fails.
CREATE FUNCTION conversions_orders_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conversion_orders o USING old_conversions d
  WHERE o.campaign_id = d.campaign_id AND o.order_id = d.order_id AND o.conversion_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversions_orders_on_delete AFTER DELETE ON conversions REFERENCING OLD TABLE AS old_conversions
  FOR EACH STATEMENT EXECUTE FUNCTION conversions_orders_on_delete();
--> statement-breakpoint
CREATE FUNCTION conversions_order_moves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversion_orders SET campaign_id = NEW.campaign_id, order_id = NEW.order_id, conversion_id = NEW.id
  WHERE campaign_id = OLD.campaign_id AND order_id = OLD.order_id AND conversion_id = OLD.id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversions_order_moves BEFORE UPDATE OF campaign_id, order_id, id ON conversions
  FOR EACH ROW WHEN (OLD.campaign_id IS DISTINCT FROM NEW.campaign_id OR OLD.order_id IS DISTINCT FROM NEW.order_id
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION conversions_order_moves();
--> statement-breakpoint
-- The row triggers of 0020 name the key after TG_TABLE_NAME, which on a partitioned table is the month's partition
-- (conversions_y2026m11): they name it after the partitioned table again, as the key was named.
CREATE OR REPLACE FUNCTION fk_parents_exist_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i int := 0;
  changed boolean;
  present boolean;
  value text;
  tbl text := coalesce((SELECT c.relname::text FROM pg_class c WHERE c.oid = pg_partition_root(TG_RELID)),
    TG_TABLE_NAME);
BEGIN
  WHILE i < TG_NARGS LOOP
    EXECUTE format('SELECT ($1).%1$I IS NOT NULL AND ($1).%1$I IS DISTINCT FROM ($2).%1$I, ($1).%1$I::text', TG_ARGV[i])
      INTO changed, value USING NEW, OLD;
    IF changed THEN
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I p WHERE p.id = ($1).%I FOR KEY SHARE)', TG_ARGV[i + 1], TG_ARGV[i])
        INTO present USING NEW;
      IF NOT present THEN
        PERFORM fk_missing_parent(format('%s_%s_%s_id_fk', tbl, TG_ARGV[i], TG_ARGV[i + 1]), tbl,
          TG_ARGV[i], TG_ARGV[i + 1], value);
      END IF;
    END IF;
    i := i + 2;
  END LOOP;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fk_keep_referenced_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i int := 0;
  referenced boolean;
  tbl text := coalesce((SELECT c.relname::text FROM pg_class c WHERE c.oid = pg_partition_root(TG_RELID)),
    TG_TABLE_NAME);
BEGIN
  WHILE i < TG_NARGS LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I c WHERE c.%I = $1)', TG_ARGV[i], TG_ARGV[i + 1])
      INTO referenced USING OLD.id;
    IF referenced THEN
      PERFORM fk_still_referenced(format('%s_%s_%s_id_fk', TG_ARGV[i], TG_ARGV[i + 1], tbl), TG_ARGV[i],
        tbl, OLD.id::text);
    END IF;
    i := i + 2;
  END LOOP;
  RETURN NEW;
END $$;
