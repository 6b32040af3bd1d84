-- Applications of the launcher that sign in by OpenID Connect (issue 19 section 2, decision 0989): each is a client
-- of the embedded provider, found here by the provider on every request (no copy in memory outlives a change).
-- The client secret is sealed under PORTICO_SECRET_KEY (decision 0940) and shown to staff once; redirect and
-- post-logout URIs are JSON arrays of absolute URLs; `scopes` are the OpenID scopes the client may be granted.
CREATE TABLE oidc_applications (
  application_id integer PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  client_id text NOT NULL UNIQUE,
  client_secret_sealed text NOT NULL,
  token_endpoint_auth_method text NOT NULL DEFAULT 'client_secret_basic'
    CHECK (token_endpoint_auth_method IN ('client_secret_basic', 'client_secret_post')),
  redirect_uris jsonb NOT NULL DEFAULT '[]'::jsonb,
  post_logout_redirect_uris jsonb NOT NULL DEFAULT '[]'::jsonb,
  initiate_login_uri text,
  scopes text NOT NULL DEFAULT 'openid profile email mls',
  enabled boolean NOT NULL DEFAULT true,
  secret_rotated_on timestamptz NOT NULL DEFAULT now(),
  modified_on timestamptz NOT NULL DEFAULT now()
);
