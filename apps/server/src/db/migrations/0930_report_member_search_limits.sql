-- How often each member asked the report page's member search and lookup (issue 15, decision 0930): one row per
-- member with a minute window and a day window, each starting at its first call. Small and local to the report
-- routes so that a general PostgreSQL rate limiter can replace it later.
CREATE TABLE report_member_search_limits (
  member_id integer PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
  minute_start timestamptz NOT NULL,
  minute_hits integer NOT NULL,
  day_start timestamptz NOT NULL,
  day_hits integer NOT NULL
);
