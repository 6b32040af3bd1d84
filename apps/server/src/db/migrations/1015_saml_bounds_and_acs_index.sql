-- Issue 26 (decision 1015). Every HTTP-POST ACS of an SP is kept with its metadata `index` and `isDefault`: the rows
-- stored so far get their position as index and their first ACS as the default (what IdP-initiated launches used).
UPDATE saml_applications s SET acs_urls = COALESCE((
  SELECT jsonb_agg(e.value || jsonb_build_object('index', e.ord - 1, 'isDefault', e.ord = 1) ORDER BY e.ord)
    FROM jsonb_array_elements(s.acs_urls) WITH ORDINALITY AS e(value, ord)
), '[]'::jsonb);

-- A sign-on waiting for the member to sign in is kept per client address (at most a few each, the oldest forgotten)
-- and says whether the SP asked for a fresh sign-in (ForceAuthn) and since when it waits.
ALTER TABLE saml_pending_requests
  ADD COLUMN client_key text NOT NULL DEFAULT '',
  ADD COLUMN force_authn boolean NOT NULL DEFAULT false,
  ADD COLUMN created_on timestamptz NOT NULL DEFAULT now();
CREATE INDEX saml_pending_requests_client ON saml_pending_requests (client_key, created_on);
