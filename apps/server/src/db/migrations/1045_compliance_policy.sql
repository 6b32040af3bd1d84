-- The MLS's compliance policy and business-day calendar (issue 29 section 1, decision 1045). One policy row for the
-- MLS (the exemptions it accepts, the delayed-marketing period, the disclosure deadline and the marketing grace in
-- business days, the state whose holidays count beside the federal ones), and the days staff set on the calendar:
-- a closure ('closed', the day after Thanksgiving, say) or a holiday the MLS works ('open').
CREATE TABLE compliance_policy (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  accepts_office_exclusive boolean NOT NULL DEFAULT true,
  accepts_delayed_marketing boolean NOT NULL DEFAULT false,
  delayed_marketing_days integer NOT NULL DEFAULT 0 CHECK (delayed_marketing_days BETWEEN 0 AND 365),
  disclosure_deadline_days integer NOT NULL DEFAULT 3 CHECK (disclosure_deadline_days BETWEEN 1 AND 30),
  marketing_grace_days integer NOT NULL DEFAULT 1 CHECK (marketing_grace_days BETWEEN 0 AND 10),
  holiday_state text CHECK (holiday_state ~ '^[A-Z]{2}$'),
  updated_on timestamptz,
  updated_by integer REFERENCES members(id) ON DELETE SET NULL,
  CHECK (accepts_delayed_marketing = (delayed_marketing_days > 0))
);
INSERT INTO compliance_policy (id) VALUES (1);

CREATE TABLE compliance_calendar_days (
  day date PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('closed', 'open')),
  name text NOT NULL,
  added_by integer REFERENCES members(id) ON DELETE SET NULL,
  added_on timestamptz NOT NULL DEFAULT now()
);
