-- Who made each file and folder of the media manager (issue 15, decision 0821 "Who may rename and delete"): the
-- uploader of a file, the member who made a folder. Files on disk without a row (the demo's, those from before this
-- migration) belong to nobody: only association and MLS staff rename or delete them.
CREATE TABLE media_entries (
  container text NOT NULL,
  path text NOT NULL,
  owner_member_id integer REFERENCES members(id) ON DELETE SET NULL,
  created_on timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (container, path)
);
