-- The agent type-ahead ORs login id, name and e-mail: every arm needs a trigram index for a bitmap OR
-- (login id and name have theirs from 0001), else one arm turns the search into a scan of all members.
CREATE INDEX members_email_trgm_idx ON members USING gin (email gin_trgm_ops);
CREATE INDEX setting_changes_changed_by_idx ON setting_changes (changed_by);
