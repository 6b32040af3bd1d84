-- The Articles tab of the Broker Center / AOR Center (seed 002): articles written there are Approved, and
-- members read Approved articles like Published ones (decision 0820).
ALTER TABLE articles DROP CONSTRAINT IF EXISTS articles_status_check;
ALTER TABLE articles ADD CONSTRAINT articles_status_check CHECK (status IN ('Draft', 'Published', 'Approved', 'Archived'));
ALTER TABLE articles ADD COLUMN created_by_member_id integer REFERENCES members(id) ON DELETE SET NULL;
ALTER TABLE articles ADD COLUMN modified_on timestamptz NOT NULL DEFAULT now();
CREATE INDEX articles_created_idx ON articles (created_on DESC, id DESC);

-- The key that signs media tokens (GET api/app/Token): one row, written by the first instance that needs it, so
-- that every instance accepts the tokens of every other (decision 0821).
CREATE TABLE media_token_keys (
  id integer PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL,
  created_on timestamptz NOT NULL DEFAULT now()
);

-- The categories new articles go to (seed 002 section 4: 1 for brokers, 10 for everyone else) exist in every
-- database, not only in the demo's.
INSERT INTO article_categories (id, name) VALUES (1, 'Broker'), (10, 'General') ON CONFLICT DO NOTHING;
SELECT setval(pg_get_serial_sequence('article_categories', 'id'), (SELECT max(id) FROM article_categories));
