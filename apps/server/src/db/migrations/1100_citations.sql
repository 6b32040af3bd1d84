-- Citations (issue 30 sections 2 to 4, decision 1100): a member cited under a rule of the rule book (migration 1090),
-- with the ladder step the offence took (kept as it was when issued: a later edit of the rule changes no citation),
-- the deadlines counted on the MLS's business-day calendar, the state, and `version` counting changes so that two
-- staff acting at once do not both win. The member's office and association are kept as they were at issue, for the
-- broker's and the association's scope.
CREATE TABLE citations (
  id serial PRIMARY KEY,
  rule_id integer NOT NULL REFERENCES rule_book_rules(id) ON DELETE RESTRICT,
  member_id integer NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  office_id integer REFERENCES offices(id) ON DELETE SET NULL,
  aor_id integer REFERENCES associations(id) ON DELETE SET NULL,
  listing_id text CHECK (listing_id IS NULL OR listing_id ~ '^[A-Za-z0-9-]{1,40}$'),
  source text NOT NULL CHECK (source IN ('case', 'clear-cooperation', 'direct')),
  case_id integer REFERENCES work_items(id) ON DELETE SET NULL,
  facts text NOT NULL CHECK (length(facts) BETWEEN 1 AND 4000),
  step_index integer NOT NULL CHECK (step_index BETWEEN 0 AND 7),
  step_kind text NOT NULL CHECK (step_kind IN ('warning', 'fine')),
  amount integer NOT NULL CHECK (amount BETWEEN 0 AND 15000),
  hearing boolean NOT NULL,
  earlier_offences integer NOT NULL CHECK (earlier_offences >= 0),
  state text NOT NULL DEFAULT 'issued'
    CHECK (state IN ('issued', 'corrected', 'appealed', 'upheld', 'suspended', 'paid', 'withdrawn', 'closed')),
  issued_on timestamptz NOT NULL DEFAULT now(),
  issued_by integer REFERENCES members(id) ON DELETE SET NULL,
  due_on date NOT NULL,
  due_at timestamptz NOT NULL,
  appeal_on date NOT NULL,
  appeal_at timestamptz NOT NULL,
  appealed_on timestamptz,
  suspended_on timestamptz,
  payment_reference text CHECK (payment_reference IS NULL OR length(payment_reference) BETWEEN 1 AND 100),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX citations_member_rule_idx ON citations (member_id, rule_id, issued_on DESC);
CREATE INDEX citations_member_idx ON citations (member_id, issued_on DESC, id DESC);
CREATE INDEX citations_office_idx ON citations (office_id, issued_on DESC, id DESC);
CREATE INDEX citations_aor_idx ON citations (aor_id, issued_on DESC, id DESC);
CREATE INDEX citations_issued_idx ON citations (issued_on DESC, id DESC);
CREATE INDEX citations_state_idx ON citations (state, issued_on DESC, id DESC);
-- What the suspension job walks: open citations past their deadline, never suspended yet.
CREATE INDEX citations_overdue_idx ON citations (due_at) WHERE state IN ('issued', 'upheld') AND suspended_on IS NULL;

-- Every change of a citation, append-only: who, when, what, the states before and after, and the note.
CREATE TABLE citation_history (
  id serial PRIMARY KEY,
  citation_id integer NOT NULL REFERENCES citations(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  by_member integer REFERENCES members(id) ON DELETE SET NULL,
  what text NOT NULL CHECK (length(what) BETWEEN 1 AND 40),
  from_state text,
  to_state text NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 2000)
);
CREATE INDEX citation_history_citation_idx ON citation_history (citation_id, id);

-- The evidence staff attach and the files the member sends with a correction or an appeal, kept through the media
-- storage in the container `citations/{citation id}` under a name the server picks.
CREATE TABLE citation_files (
  id serial PRIMARY KEY,
  citation_id integer NOT NULL REFERENCES citations(id) ON DELETE CASCADE,
  side text NOT NULL CHECK (side IN ('staff', 'member')),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  storage_path text NOT NULL,
  added_by integer REFERENCES members(id) ON DELETE SET NULL,
  added_on timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX citation_files_citation_idx ON citation_files (citation_id, id);

-- The setting: calendar days past its deadline before an unpaid or uncorrected citation suspends MLS access.
ALTER TABLE compliance_policy ADD COLUMN citation_suspend_days integer NOT NULL DEFAULT 30 CHECK (citation_suspend_days BETWEEN 1 AND 365);

-- The notifications' campaign type of citations (as migration 1081 added Clear Cooperation's).
INSERT INTO campaign_types (name) VALUES ('Citations') ON CONFLICT (name) DO NOTHING;
