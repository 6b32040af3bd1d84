-- Change signals for the instances' read caches (issue 17, decision 0998). Every write to a table that a cached
-- answer is read from sends NOTIFY on `portico_changes`, from the database itself, so that no writer (a route, a
-- job, the MLS feed, an operator's SQL) can change the data without the caches hearing of it. PostgreSQL delivers
-- the signal at COMMIT (never on ROLLBACK) and folds repeats of one payload in a transaction into one.
-- Payloads: a topic ('applications'), or a topic and a key ('account:42', 'grant:abc').
-- Only the embedded database (PGlite, one process) sets `portico.change_signals` to 'on' for its session: there the
-- signal reaches the caches before the writer's call returns. On PostgreSQL the instances read the database as before
-- and these functions return at once (decision 0998).

-- Statement-level: the table's rows are cached as a whole; TG_ARGV[0] names the topic.
CREATE FUNCTION portico_topic_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portico.change_signals', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  PERFORM pg_notify('portico_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;

-- What an access token's check reads of its account (decision 0901): its generation, kept grant and deactivation;
-- and the member it signs in as (the principal, decision 0007).
CREATE FUNCTION portico_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portico.change_signals', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' OR OLD.token_generation IS DISTINCT FROM NEW.token_generation
     OR OLD.kept_grant_id IS DISTINCT FROM NEW.kept_grant_id OR OLD.deactivated_on IS DISTINCT FROM NEW.deactivated_on
     OR OLD.member_id IS DISTINCT FROM NEW.member_id THEN
    PERFORM pg_notify('portico_changes', 'account:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;

-- Row-level: TG_ARGV[0] is the topic, TG_ARGV[1] the column whose value is the key, TG_ARGV[2] (optional) the only
-- value of `type` signalled (the provider's table holds every kind of record, only grants matter).
CREATE FUNCTION portico_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF current_setting('portico.change_signals', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  IF TG_NARGS < 3 OR changed->>'type' = TG_ARGV[2] THEN
    PERFORM pg_notify('portico_changes', TG_ARGV[0] || ':' || (changed->>TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER accounts_changed AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION portico_account_changed();
CREATE TRIGGER accounts_truncated AFTER TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION portico_topic_changed('account');
-- The OpenID Connect grants an access token names (`gid`): created, extended, revoked.
CREATE TRIGGER oidc_payloads_grant_changed AFTER INSERT OR UPDATE OR DELETE ON oidc_payloads
  FOR EACH ROW EXECUTE FUNCTION portico_row_changed('grant', 'id', 'Grant');
CREATE TRIGGER oidc_payloads_truncated AFTER TRUNCATE ON oidc_payloads
  FOR EACH STATEMENT EXECUTE FUNCTION portico_topic_changed('grant');
-- A member's notifications changed (notification_versions is bumped in the same transaction as every change).
CREATE TRIGGER notification_versions_changed AFTER INSERT OR UPDATE OR DELETE ON notification_versions
  FOR EACH ROW EXECUTE FUNCTION portico_row_changed('notification-version', 'member_id');
CREATE TRIGGER notification_versions_truncated AFTER TRUNCATE ON notification_versions
  FOR EACH STATEMENT EXECUTE FUNCTION portico_topic_changed('notification-version');
-- A signed-in member's principal: their member row, their agreement acceptances; every principal when an office,
-- association or agreement changes (rare, and the principal holds their names and zones).
CREATE TRIGGER members_changed AFTER UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION portico_row_changed('member', 'id');
CREATE TRIGGER eula_acceptances_changed AFTER INSERT OR UPDATE OR DELETE ON eula_acceptances
  FOR EACH ROW EXECUTE FUNCTION portico_row_changed('member', 'member_id');
CREATE TRIGGER members_truncated AFTER TRUNCATE ON members
  FOR EACH STATEMENT EXECUTE FUNCTION portico_topic_changed('member');
CREATE TRIGGER eula_acceptances_truncated AFTER TRUNCATE ON eula_acceptances
  FOR EACH STATEMENT EXECUTE FUNCTION portico_topic_changed('member');
CREATE TRIGGER offices_principals_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offices
  FOR EACH STATEMENT EXECUTE FUNCTION portico_topic_changed('member');
CREATE TRIGGER associations_principals_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON associations
  FOR EACH STATEMENT EXECUTE FUNCTION portico_topic_changed('member');
CREATE TRIGGER eulas_principals_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON eulas
  FOR EACH STATEMENT EXECUTE FUNCTION portico_topic_changed('member');

-- The dashboard's shared answers, by topic.
DO $$
DECLARE
  watched text[][] := ARRAY[
    ARRAY['applications', 'applications'], ARRAY['application_audiences', 'applications'],
    ARRAY['office_applications', 'applications'], ARRAY['oidc_applications', 'applications'],
    ARRAY['offices', 'applications'], ARRAY['generic_containers', 'containers'],
    ARRAY['ad_providers', 'ads'], ARRAY['ad_impressions', 'ads'],
    ARRAY['system_notification_statuses', 'system-notification-statuses'],
    ARRAY['system_notifications', 'system-notifications']];
  i integer;
BEGIN
  FOR i IN 1 .. array_length(watched, 1) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT '
                   'EXECUTE FUNCTION portico_topic_changed(%L)', watched[i][1] || '_changed', watched[i][1], watched[i][2]);
  END LOOP;
END $$;
