-- Once-a-day jobs of registered listings: the last day each ran, so that several instances run it once.
CREATE TABLE registered_job_runs (
  job text PRIMARY KEY,
  last_run_on date NOT NULL
);
