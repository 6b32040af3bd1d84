-- Issue 29 section 2 (decision 1050): a registered listing carries the exemption it is kept off the MLS under and
-- its seller disclosure. Listings registered before read as office exclusive (the column's default), and have no
-- disclosure deadline: they were registered before the MLS asked for one.
ALTER TABLE registered_listings
  ADD COLUMN exemption_kind text NOT NULL DEFAULT 'office-exclusive'
    CHECK (exemption_kind IN ('office-exclusive', 'delayed-marketing')),
  -- Delayed marketing only: the last day the listing may stay off the MLS (counted when the listing was written).
  ADD COLUMN mls_due_on date,
  -- The end of the disclosure deadline (business days after registration), counted once at registration.
  ADD COLUMN disclosure_due_at timestamptz,
  -- When the current seller disclosure was filed; null while none is.
  ADD COLUMN disclosure_filed_on timestamptz;

-- Every disclosure filed, the latest one counting: a replaced file stays on record.
CREATE TABLE registered_disclosures (
  id serial PRIMARY KEY,
  registered_listing_id integer NOT NULL REFERENCES registered_listings(id) ON DELETE CASCADE,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/tiff')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  storage_path text NOT NULL,
  uploaded_by integer REFERENCES members(id) ON DELETE SET NULL,
  uploaded_on timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registered_disclosures_listing_idx ON registered_disclosures (registered_listing_id, id DESC);
