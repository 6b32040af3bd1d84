-- EULA acceptance (seed 002 §3, §5): the name the member typed as their signature, and who published a version.
ALTER TABLE eula_acceptances ADD COLUMN signature text;
ALTER TABLE eulas ADD COLUMN published_by integer REFERENCES members(id);
-- Staff list who accepted a version, newest first.
CREATE INDEX eula_acceptances_eula_idx ON eula_acceptances (eula_id, accepted_on DESC);
