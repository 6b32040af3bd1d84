-- The agent type-ahead matches the START of "last first", "first last", the login id or the e-mail
-- (docs/decisions/0300-settings-model.md, "Agent search"). One C-collation btree per kind serves both the prefix
-- (LIKE 'gar%' becomes a range) and the order, so a search over a whole association or the MLS reads one page per
-- kind instead of every member whose name holds the text.
CREATE INDEX members_last_first_prefix_idx ON members ((lower(last_name || ' ' || first_name) COLLATE "C"));
CREATE INDEX members_first_last_prefix_idx ON members ((lower(first_name || ' ' || last_name) COLLATE "C"));
CREATE INDEX members_login_prefix_idx ON members ((lower(login_id) COLLATE "C"));
CREATE INDEX members_email_prefix_idx ON members ((lower(email) COLLATE "C"));
