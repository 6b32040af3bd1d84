-- The agent search of association staff (level 4) reaches the members of the offices of their association
-- (docs/decisions/0300-settings-model.md, "Agent search"). Reading each kind of match in name order and checking
-- every member's office for the association read a few hundred index entries and offices per search. The office's
-- association is copied onto its members, kept right by the two triggers below whatever writes members or offices,
-- so that an index keyed (association, name) answers a level-4 search as one range read per kind of match.
ALTER TABLE members ADD COLUMN office_aor_id integer;
UPDATE members m SET office_aor_id = o.aor_id FROM offices o WHERE o.id = m.office_id;

CREATE FUNCTION members_set_office_aor_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.office_aor_id := (SELECT aor_id FROM offices WHERE id = NEW.office_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER members_office_aor_id BEFORE INSERT OR UPDATE OF office_id, office_aor_id ON members
  FOR EACH ROW EXECUTE FUNCTION members_set_office_aor_id();

CREATE FUNCTION offices_copy_aor_id_to_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members SET office_aor_id = NEW.aor_id WHERE office_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER offices_aor_id_to_members AFTER UPDATE OF aor_id ON offices
  FOR EACH ROW WHEN (OLD.aor_id IS DISTINCT FROM NEW.aor_id) EXECUTE FUNCTION offices_copy_aor_id_to_members();

CREATE INDEX members_aor_last_first_idx ON members (office_aor_id, (lower(last_name || ' ' || first_name) COLLATE "C"));
CREATE INDEX members_aor_first_last_idx ON members (office_aor_id, (lower(first_name || ' ' || last_name) COLLATE "C"));
CREATE INDEX members_aor_login_idx ON members (office_aor_id, (lower(login_id) COLLATE "C"));
CREATE INDEX members_aor_email_idx ON members (office_aor_id, (lower(email) COLLATE "C"));
