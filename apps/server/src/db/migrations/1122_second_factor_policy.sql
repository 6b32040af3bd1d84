-- The MLS's second-factor policy (issue 32 §3, decision 1122): one row; off until MLS staff set it. A covered member
-- without a factor may sign in `grace_sign_ins` times (counted on the account); after that the factor comes first and
-- the API refuses every other call (403 SECOND_FACTOR_REQUIRED), as the EULA does (decision 0966).
CREATE TABLE second_factor_policy (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  scope text NOT NULL DEFAULT 'off' CHECK (scope IN ('off', 'all', 'types')),
  member_types integer[] NOT NULL DEFAULT '{}',
  required_from date,
  grace_sign_ins integer NOT NULL DEFAULT 0 CHECK (grace_sign_ins BETWEEN 0 AND 50),
  updated_by integer REFERENCES accounts(id) ON DELETE SET NULL,
  updated_on timestamptz
);
INSERT INTO second_factor_policy (id) VALUES (1);
ALTER TABLE accounts ADD COLUMN sign_ins_without_factor integer NOT NULL DEFAULT 0;
