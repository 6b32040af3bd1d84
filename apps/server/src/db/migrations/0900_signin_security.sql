-- Lock-out that cannot be raced (decision 0900): every try is counted before the hash is compared, under a row lock.
-- attempt_seq grows with every try (refused ones too), so a right password overlapped by another try is not taken.
ALTER TABLE accounts ADD COLUMN attempt_seq bigint NOT NULL DEFAULT 0;
-- Temporary locks in a row since the last finished sign-in: each lasts longer; the last one is permanent.
ALTER TABLE accounts ADD COLUMN lock_count integer NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN locked_permanently boolean NOT NULL DEFAULT false;
-- Sessions that end (decision 0901): access tokens carry the generation they were issued in; a password change,
-- a reset or a deactivation moves it on, and older tokens are refused (but those of the grant that made the change).
ALTER TABLE accounts ADD COLUMN token_generation integer NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN kept_grant_id text;
ALTER TABLE accounts ADD COLUMN deactivated_on timestamptz;
CREATE INDEX oidc_payloads_account_idx ON oidc_payloads ((payload->>'accountId'));

-- Rate limits shared by every instance (decision 0902): one fixed-window counter per limit and key.
CREATE TABLE rate_limit_counters (
  bucket text NOT NULL,
  key text NOT NULL,
  window_ends timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, key)
);
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_ends);
