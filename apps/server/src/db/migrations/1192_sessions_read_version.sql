-- The session checks kept at a version where no change signal is heard (PostgreSQL; decision 1192): what an access
-- token's check reads (decision 0901), its account's generation, kept grant and deactivation, and whether its grant is
-- still there, is kept by each instance at the 'sessions' version, which moves at the COMMIT of every write that can
-- end a session. A sign-out, a password change or a deactivation on any instance is seen by the next call of every
-- instance, as the dashboard's and compliance answers are (migration 1177).
--
-- Not moved: a new account or grant (no token names one before it is written; the instances keep no absent one), and
-- a grant whose end moves later (each authorisation extends it; the instances read a grant again at its kept end).
INSERT INTO read_versions (topic) VALUES ('sessions');

CREATE CONSTRAINT TRIGGER accounts_sessions_version AFTER DELETE ON accounts DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION portico_read_version_moved('sessions');
CREATE CONSTRAINT TRIGGER accounts_sessions_version_updated
  AFTER UPDATE OF token_generation, kept_grant_id, deactivated_on ON accounts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.token_generation IS DISTINCT FROM NEW.token_generation OR OLD.kept_grant_id IS DISTINCT FROM NEW.kept_grant_id
        OR OLD.deactivated_on IS DISTINCT FROM NEW.deactivated_on)
  EXECUTE FUNCTION portico_read_version_moved('sessions');
CREATE TRIGGER accounts_sessions_version_truncated AFTER TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION portico_read_version_moved('sessions');

-- The provider's table holds every kind of record; only a grant's deletion or shortening ends its tokens.
CREATE CONSTRAINT TRIGGER oidc_payloads_sessions_version AFTER DELETE ON oidc_payloads DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.type = 'Grant')
  EXECUTE FUNCTION portico_read_version_moved('sessions');
CREATE CONSTRAINT TRIGGER oidc_payloads_sessions_version_updated AFTER UPDATE ON oidc_payloads DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.type = 'Grant' AND (NEW.type IS DISTINCT FROM OLD.type OR NEW.id IS DISTINCT FROM OLD.id
        OR (NEW.expires_at IS NOT NULL AND (OLD.expires_at IS NULL OR NEW.expires_at < OLD.expires_at))))
  EXECUTE FUNCTION portico_read_version_moved('sessions');
CREATE TRIGGER oidc_payloads_sessions_version_truncated AFTER TRUNCATE ON oidc_payloads
  FOR EACH STATEMENT EXECUTE FUNCTION portico_read_version_moved('sessions');
