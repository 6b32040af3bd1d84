-- Decision 0993: a member's first launch is kept on the member, so that the never-launched list is a range of one
-- partial index in name order (of the association or of the MLS) instead of an anti-join of every member in the scope
-- against every launcher on each call.
ALTER TABLE members ADD COLUMN first_launched_on timestamptz;
UPDATE members m SET first_launched_on = u.first_launched_on FROM application_usage_launchers u WHERE u.member_id = m.id;
DROP TABLE application_usage_launchers;
CREATE INDEX members_never_launched_idx ON members (last_name, first_name, id)
  WHERE has_portal_access AND first_launched_on IS NULL;
CREATE INDEX members_never_launched_aor_idx ON members ((coalesce(office_aor_id, aor_id)), last_name, first_name, id)
  WHERE has_portal_access AND first_launched_on IS NULL;
