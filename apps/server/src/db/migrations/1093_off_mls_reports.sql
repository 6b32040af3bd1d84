-- Issue 29 section 3 (decision 1093): 'Report a violation' takes a listing marketed but not in the MLS. Such a report
-- names no MLS listing (there is none): it gives the property's address, the date it was first seen marketed, where
-- (yard sign, website, social media, e-mail to several brokers) and evidence files (photos or screenshots, kept
-- through the media storage). When the address is a registered listing's, the report goes to that listing's Clear
-- Cooperation case when one is open, else it opens a report case for the listing's association.
ALTER TABLE report_reasons ADD COLUMN kind text NOT NULL DEFAULT 'standard' CHECK (kind IN ('standard', 'off-mls'));

INSERT INTO report_reason_categories (display_text, list_order) VALUES ('Clear Cooperation', 5);
INSERT INTO report_reasons (reason_text, requires_listing, is_visible_to_members, report_reason_category_id, kind)
SELECT 'Listing marketed but not in the MLS', true, true, id, 'off-mls' FROM report_reason_categories
 WHERE display_text = 'Clear Cooperation' ORDER BY id DESC LIMIT 1;

-- What an off-MLS report says: the address given, its normalised key, the registered listing it matched, when and
-- where the marketing was seen.
ALTER TABLE reports ADD COLUMN facts jsonb;
ALTER TABLE reports ADD COLUMN registered_listing_id integer REFERENCES registered_listings(id) ON DELETE SET NULL;

CREATE TABLE report_evidence (
  id serial PRIMARY KEY,
  report_id integer NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  storage_path text NOT NULL,
  created_on timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_evidence_report_idx ON report_evidence (report_id, id);

-- The cases show the facts and the evidence: on a report's case, and on a Clear Cooperation case it is added to.
INSERT INTO work_item_form_fields (work_item_definition_id, category, category_order, field_key, label, field_type, view_order) VALUES
  (2, 'Report', 1, 'Address', 'Address', 'Text', 6),
  (2, 'Report', 1, 'SeenOn', 'First seen', 'Text', 7),
  (2, 'Report', 1, 'SeenWhere', 'Seen where', 'Text', 8),
  (2, 'Report', 1, 'Evidence', 'Evidence', 'Attachment', 9),
  (1080, 'Reports from members', 3, 'Reports', 'Reports', 'TextArea', 1),
  (1080, 'Reports from members', 3, 'Evidence', 'Evidence', 'Attachment', 2);
