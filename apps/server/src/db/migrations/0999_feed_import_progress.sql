-- Decision 0987 (amended): an apply's progress is kept on its import, so that the status call answers it on every
-- instance, and its last heartbeat tells an apply that stopped with its instance from one still running.
ALTER TABLE feed_imports ADD COLUMN progress_done integer;
ALTER TABLE feed_imports ADD COLUMN progress_total integer;
ALTER TABLE feed_imports ADD COLUMN progress_on timestamptz;
