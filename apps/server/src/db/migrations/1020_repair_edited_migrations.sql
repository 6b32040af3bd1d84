-- What a database migrated before the edits of landed migrations 0221 and 0400 lacks (decision 1020). Those files
-- were changed after they landed; a database that ran an earlier text keeps its result, and the migrator, which
-- recorded names only, never ran the new text. Each repair reads the catalogue and changes only what differs, so a
-- database migrated from today's files (every fresh one) is left as it is.
--
-- 0221's first two texts left the office reach b-tree as 0200 made it (office_id, registered_status) or without
-- `DESC`; its third text makes (office_id, registered_status, id DESC). Its other indexes were made again by 0222.
DO $$
BEGIN
  IF (SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'registered_listings_office_idx')
      IS DISTINCT FROM format('CREATE INDEX registered_listings_office_idx ON %I.registered_listings USING btree (office_id, registered_status, id DESC)', current_schema()) THEN
    DROP INDEX IF EXISTS registered_listings_office_idx;
    CREATE INDEX registered_listings_office_idx ON registered_listings (office_id, registered_status, id DESC);
  END IF;
END $$;
-- 0400's first text had no code_factor_id on sign-in challenges (the factor a code was sent for): the second-factor
-- step reads it on every code.
ALTER TABLE sign_in_challenges ADD COLUMN IF NOT EXISTS code_factor_id integer;
