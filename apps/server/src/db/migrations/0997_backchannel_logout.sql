-- OpenID Connect Back-Channel Logout for the launcher's applications (issue 19, decision 0997). A client may name the
-- address where Portico posts a logout token when a member's session ends, and whether the token must carry the
-- session id (`sid`). Sessions Portico ends itself (deactivation, sign out everywhere, the MLS feed) leave one row per
-- application the session signed into in `oidc_backchannel_logouts`, written in the same transaction; a job sends
-- them, retrying an application that is slow or down, so that no deactivation waits for an application.
ALTER TABLE oidc_applications
  ADD COLUMN backchannel_logout_uri text,
  ADD COLUMN backchannel_logout_session_required boolean NOT NULL DEFAULT false;

CREATE TABLE oidc_backchannel_logouts (
  id bigserial PRIMARY KEY,
  client_id text NOT NULL,
  account_id text NOT NULL,
  sid text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_on timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_on timestamptz,
  created_on timestamptz NOT NULL DEFAULT now()
);

-- The sender's work list: rows not yet sent, oldest due first.
CREATE INDEX oidc_backchannel_logouts_due ON oidc_backchannel_logouts (next_attempt_on) WHERE sent_on IS NULL;
