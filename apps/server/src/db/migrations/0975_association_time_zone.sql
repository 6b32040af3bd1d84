-- The association's own time zone (decision 0969): an IANA name such as America/Chicago for Louisiana's
-- associations; NULL reads the MLS's zone (MLS_TIME_ZONE). 'Today', course request slots, 'prior to today', expiry
-- days and the greeting are computed in it.
ALTER TABLE associations ADD COLUMN time_zone text CHECK (time_zone IS NULL OR time_zone ~ '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$');
