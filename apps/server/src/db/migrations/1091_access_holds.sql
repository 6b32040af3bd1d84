-- The one access gate (decision 1091): holds on a member's MLS access. An active hold (not lifted) closes the MLS's
-- applications (SAML and OpenID Connect single sign-on) and the entry of registered listings; the portal stays open.
-- Staff suspension by hand is the first kind; a member has at most one active hold of a kind. Holds are never
-- deleted: lifting one records who, when and why, so the history stays.
CREATE TABLE access_holds (
  id serial PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('suspension')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  placed_by integer REFERENCES members(id) ON DELETE SET NULL,
  placed_on timestamptz NOT NULL DEFAULT now(),
  lifted_by integer REFERENCES members(id) ON DELETE SET NULL,
  lifted_on timestamptz,
  lift_reason text CHECK (lift_reason IS NULL OR length(lift_reason) BETWEEN 1 AND 1000),
  CHECK ((lifted_on IS NULL) = (lift_reason IS NULL))
);
CREATE UNIQUE INDEX access_holds_one_active_idx ON access_holds (member_id, kind) WHERE lifted_on IS NULL;
CREATE INDEX access_holds_member_idx ON access_holds (member_id, placed_on DESC);
