-- Decision 1125: an off-MLS report always opens the reporter's own report case; when the report also went to the
-- listing's open Clear Cooperation case, the reporter's case names that case (its short code) for the staff.
INSERT INTO work_item_form_fields (work_item_definition_id, category, category_order, field_key, label, field_type, view_order) VALUES
  (2, 'Report', 1, 'ClearCooperationCase', 'Added to Clear Cooperation case', 'Text', 10);
