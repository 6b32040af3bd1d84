CREATE TABLE oidc_payloads (
  id text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (type, id)
);
CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid);
CREATE INDEX oidc_payloads_expires_idx ON oidc_payloads (expires_at);

CREATE TABLE oidc_keys (
  kid text PRIMARY KEY,
  use text NOT NULL,
  jwk jsonb NOT NULL,
  created_on timestamptz NOT NULL DEFAULT now()
);
