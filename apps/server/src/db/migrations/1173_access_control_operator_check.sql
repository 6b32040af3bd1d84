-- An access-control rule's operator is one of the three its contract names (menus.ts, `accessControlRuleSchema`): a row
-- written outside the API with another value was refused by the response check as a 500 on the owner's screen; now
-- the database refuses the row itself (decision 1171). The portal writes only 'equals' (the column's default).
ALTER TABLE access_control_rules
  ADD CONSTRAINT access_control_rules_operator_check CHECK (operator IN ('equals', 'notEquals', 'in'));
