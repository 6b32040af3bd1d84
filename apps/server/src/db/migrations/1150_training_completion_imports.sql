-- Issue 31 section 2 (decision 1150): outside completions by CSV import, and the NAR ethics export.

-- The member's NRDS id (NAR's member number), read by the completions import and written to the NAR export.
ALTER TABLE members ADD COLUMN nrds_id text CHECK (nrds_id IS NULL OR length(nrds_id) BETWEEN 1 AND 20);
CREATE INDEX members_nrds_idx ON members (nrds_id) WHERE nrds_id IS NOT NULL;
CREATE INDEX members_agent_code_idx ON members (lower(agent_code)) WHERE agent_code IS NOT NULL;

-- An outside completion's natural key: the member, the course number and the day. Importing a file twice adds nothing.
CREATE UNIQUE INDEX training_completions_outside_key ON training_completions (member_id, lower(course_number), completed_on)
  WHERE attendee_id IS NULL AND course_number IS NOT NULL;
