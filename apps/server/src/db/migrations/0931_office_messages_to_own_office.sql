-- An office-scope admin message goes to the office of its writer's MLS ID, as the form says (issue 15, decision 0800
-- "Office messages"): messages written by a branch's broker or manager were stored for the firm's main office; they
-- are put back on the writer's own office.
UPDATE system_notifications n SET office_id = m.office_id
FROM members m
WHERE m.id = n.created_by_member_id AND n.office_id IS NOT NULL AND m.office_id IS NOT NULL AND n.office_id <> m.office_id;
