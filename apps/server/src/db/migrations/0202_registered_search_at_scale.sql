-- Searching a million registered listings (docs/decisions/0205-registered-scale.md).
-- The list's search text and status filter meet in one GIN index (btree_gin adds the status column), so the bitmap
-- holds only listings with both, instead of every listing with the text, each then read from the table to test its
-- status. Without a status filter the same indexes serve the text alone.
CREATE EXTENSION IF NOT EXISTS btree_gin;
DROP INDEX registered_listings_address_trgm_idx;
DROP INDEX registered_listings_listing_id_trgm_idx;
CREATE INDEX registered_listings_status_address_trgm_idx ON registered_listings
  USING gin (registered_status, unparsed_address gin_trgm_ops);
CREATE INDEX registered_listings_status_listing_id_trgm_idx ON registered_listings
  USING gin (registered_status, listing_id gin_trgm_ops);
-- The list's default order is registeredStatus ascending, then the newest first: this index reads a page in order.
DROP INDEX registered_listings_status_idx;
CREATE INDEX registered_listings_status_idx ON registered_listings (registered_status, id DESC);
