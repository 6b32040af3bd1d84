-- Versions of what a cached read is made of, kept by the database itself (decision 1177). Every instance, on PGlite
-- and on PostgreSQL, reads a topic's version (one indexed row) before it answers from its cache, and answers from the
-- cache only when the version is the one the answer was read at: a write anywhere (a route, a job, the MLS feed, an
-- operator's SQL) is seen by the next call of every instance, as soon as it has committed.
--
-- The version moves once per transaction at its COMMIT (a deferred constraint trigger; a transaction-local mark keeps
-- a 10,000-row feed run from moving it 10,000 times), so its row is locked only while the transaction commits and a
-- reader never sees a version whose data is not committed yet. One topic, 'compliance', covers required training and
-- citations: a transaction that wrote both kinds of table takes one row, so two of them cannot wait for each other's.
CREATE TABLE read_versions (
  topic text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO read_versions (topic) VALUES ('compliance');

CREATE FUNCTION portico_read_version_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mark text := 'portico.read_version_' || TG_ARGV[0];
BEGIN
  IF TG_LEVEL = 'ROW' AND current_setting(mark, true) = txid_current()::text THEN RETURN NULL; END IF;
  UPDATE read_versions SET version = version + 1 WHERE topic = TG_ARGV[0];
  IF TG_LEVEL = 'ROW' THEN PERFORM set_config(mark, txid_current()::text, true); END IF;
  RETURN NULL;
END $$;

-- Whole tables read by My requirements, the requirements report, My citations and the citations list.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['training_requirements', 'training_completions', 'training_classes', 'training_class_topics',
                           'offices', 'associations', 'citations', 'rule_book_rules'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED
                      FOR EACH ROW EXECUTE FUNCTION portico_read_version_moved(''compliance'')', t || '_read_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION portico_read_version_moved(''compliance'')', t || '_read_version_truncated', t);
  END LOOP;
END $$;

-- Members: only the columns those answers read (a sign-in's or a profile's write of other columns keeps the caches).
CREATE CONSTRAINT TRIGGER members_read_version AFTER INSERT OR DELETE ON members DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION portico_read_version_moved('compliance');
CREATE CONSTRAINT TRIGGER members_read_version_updated
  AFTER UPDATE OF login_id, display_name, first_name, last_name, user_class, aor_id, office_id, created_on ON members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.login_id IS DISTINCT FROM NEW.login_id OR OLD.display_name IS DISTINCT FROM NEW.display_name
        OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.user_class IS DISTINCT FROM NEW.user_class OR OLD.aor_id IS DISTINCT FROM NEW.aor_id
        OR OLD.office_id IS DISTINCT FROM NEW.office_id OR OLD.created_on IS DISTINCT FROM NEW.created_on)
  EXECUTE FUNCTION portico_read_version_moved('compliance');
CREATE TRIGGER members_read_version_truncated AFTER TRUNCATE ON members
  FOR EACH STATEMENT EXECUTE FUNCTION portico_read_version_moved('compliance');
