-- Usage figures of the launcher (issue 19 section 4, decision 0990). A launch stays one insert into
-- application_launches (migration 0980); the figures are read from a rollup that a fold keeps up with the log, so
-- that they stay fast over ten million launches.

-- The association a launch counts for: the member's office's association, else the member's own, as it was at the
-- launch (association staff see their association's members' launches). Filled on insert by the trigger below, so
-- every writer of the log (the link tiles, the SAML endpoints) stays one INSERT.
ALTER TABLE application_launches ADD COLUMN aor_id integer;
UPDATE application_launches l SET aor_id = coalesce(m.office_aor_id, m.aor_id) FROM members m WHERE m.id = l.member_id;

CREATE FUNCTION application_launches_set_aor_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.aor_id IS NULL AND NEW.member_id IS NOT NULL THEN
    NEW.aor_id := (SELECT coalesce(office_aor_id, aor_id) FROM members WHERE id = NEW.member_id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER application_launches_aor_id BEFORE INSERT ON application_launches
  FOR EACH ROW EXECUTE FUNCTION application_launches_set_aor_id();

-- "Did this member launch this application earlier in this day/week/month?": one range read per launch folded.
-- It replaces the member index of 0980, which it covers.
CREATE INDEX application_launches_member_app_time_idx ON application_launches (member_id, application_id, launched_on);
DROP INDEX application_launches_member_idx;

-- Launches, distinct members and refusals per application, association and period (day, week and month in the
-- MLS's time zone). aor_id 0: the member had no association. A member counts once per application and period, for
-- the association of their first launch in it, so the associations' members add up to the MLS's.
CREATE TABLE application_usage (
  grain text NOT NULL CHECK (grain IN ('day', 'week', 'month')),
  period_start date NOT NULL,
  application_id integer NOT NULL,
  aor_id integer NOT NULL,
  launches integer NOT NULL DEFAULT 0,
  members integer NOT NULL DEFAULT 0,
  refusals integer NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, period_start, application_id, aor_id)
);
CREATE INDEX application_usage_aor_idx ON application_usage (aor_id, grain, period_start);

-- The members who have launched an application at least once (the "never launched" list is the rest).
CREATE TABLE application_usage_launchers (
  member_id integer PRIMARY KEY,
  first_launched_on timestamptz NOT NULL
);

-- How far the fold has read the log (launch ids up to folded_through) and in which time zone it cut the periods.
CREATE TABLE application_usage_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  folded_through bigint NOT NULL DEFAULT 0,
  time_zone text NOT NULL,
  folded_on timestamptz NOT NULL DEFAULT now()
);
