-- Market statistics, precomputed per association (docs/decisions/0150-dashboard.md): over a million listings the
-- figures take hundreds of milliseconds to compute, so the dashboard reads one row and a job keeps it fresh.
CREATE TABLE kpi_snapshots (
  aor_id integer PRIMARY KEY REFERENCES associations(id) ON DELETE CASCADE,
  -- { period_start, period_end, current, previous } as computeMarketFigures answers it
  figures jsonb NOT NULL,
  -- [{ period, metric, value }] as computeMonthlyTrend answers it
  trend jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
