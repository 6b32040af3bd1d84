-- Decision 0993: the rollup also keeps the whole MLS's figures per (grain, period, application) under aor_id -1, so
-- that MLS staff's reads take one row per period and application instead of one per association.
INSERT INTO application_usage (grain, period_start, application_id, aor_id, launches, members, refusals)
SELECT grain, period_start, application_id, -1, sum(launches), sum(members), sum(refusals)
  FROM application_usage WHERE aor_id <> -1
 GROUP BY grain, period_start, application_id
ON CONFLICT (grain, period_start, application_id, aor_id) DO NOTHING;
