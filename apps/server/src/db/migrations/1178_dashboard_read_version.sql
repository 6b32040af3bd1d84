-- The dashboard's shared answers kept at a version where no change signal is heard (PostgreSQL; decision 1177): the
-- tables that signal 'applications', 'containers', 'system-notifications' and 'system-notification-statuses' in
-- migration 1000 also move the 'dashboard' version at each COMMIT. Not the ads: an impression is written on every view.
INSERT INTO read_versions (topic) VALUES ('dashboard');

-- A transaction may now move two versions (an office moves 'compliance' and 'dashboard'). Each move first locks every
-- version row in topic order, so two committing transactions take them in one order and cannot wait for each other.
CREATE OR REPLACE FUNCTION portico_read_version_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mark text := 'portico.read_version_' || TG_ARGV[0];
BEGIN
  IF TG_LEVEL = 'ROW' AND current_setting(mark, true) = txid_current()::text THEN RETURN NULL; END IF;
  PERFORM 1 FROM read_versions ORDER BY topic FOR UPDATE;
  UPDATE read_versions SET version = version + 1 WHERE topic = TG_ARGV[0];
  IF TG_LEVEL = 'ROW' THEN PERFORM set_config(mark, txid_current()::text, true); END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['applications', 'application_audiences', 'office_applications', 'oidc_applications', 'offices',
                           'generic_containers', 'system_notification_statuses', 'system_notifications'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED
                      FOR EACH ROW EXECUTE FUNCTION portico_read_version_moved(''dashboard'')', t || '_dashboard_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION portico_read_version_moved(''dashboard'')', t || '_dashboard_version_truncated', t);
  END LOOP;
END $$;
