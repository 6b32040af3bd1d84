-- The MLS's rule book (issue 30 section 1, decision 1090): each rule with its number, title, text and category, the
-- months over which a member's offences of it count, the business days to correct, and its fine ladder (an ordered
-- array of steps: {kind: 'warning'|'fine', amount: whole dollars, hearing: boolean}), judged as a whole by the
-- application (packages/shared ladderProblems). `version` counts saves, so that two staff editing at once do not
-- overwrite each other.
CREATE TABLE rule_book_rules (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE CHECK (number ~ '^[0-9A-Za-z.()-]{1,20}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 160),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  category text NOT NULL CHECK (category IN ('listing-data', 'listing-status', 'photos', 'clear-cooperation', 'access')),
  window_months integer NOT NULL CHECK (window_months BETWEEN 1 AND 60),
  correction_days integer NOT NULL CHECK (correction_days BETWEEN 1 AND 30),
  steps jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array' AND jsonb_array_length(steps) BETWEEN 1 AND 8),
  version integer NOT NULL DEFAULT 1,
  updated_on timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES members(id) ON DELETE SET NULL
);
