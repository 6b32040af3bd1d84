-- Decision 1040: the rows an import refused, as a CSV staff download to fix and import again (the file itself is
-- dropped once applied), kept for the preview and replaced by the apply's own.
ALTER TABLE feed_imports ADD COLUMN rejected_csv text;
