-- The list's search text, stored in lower case, and the b-trees a search walks carrying it
-- (docs/decisions/0205-registered-scale.md, "Stop 11").
--
-- A contains-search tested `search_text ILIKE '%text%'` on every row it read. ILIKE lower-cases the row's text on
-- every test: 0.8 us a row against 0.37 us for LIKE on text already in lower case (467,000 rows of one status,
-- PostgreSQL 15). The text is now stored lower-cased and searched with LIKE and the lower-cased pattern; the
-- trigram indexes serve LIKE as they served ILIKE (their trigrams were always lower case).
SET LOCAL maintenance_work_mem = '256MB';
ALTER TABLE registered_listings DROP COLUMN search_text;
ALTER TABLE registered_listings
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(listing_id || E'\n' || unparsed_address)) STORED;
ALTER TABLE registered_listings ALTER COLUMN search_text SET STATISTICS 1000;
CREATE INDEX registered_listings_search_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops);
CREATE INDEX registered_listings_search_sent_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Sent to MLS';
CREATE INDEX registered_listings_search_expired_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Expired';
CREATE INDEX registered_listings_search_incomplete_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Incomplete';
CREATE INDEX registered_listings_search_cancelled_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Cancelled';
-- The MLS's and an association's listings of one status, newest first, with what a search tests on each: a text
-- dense among them (a city) is counted and paged by walking these in the list's order, from the index alone, at
-- 0.2 us a row, instead of reading its trigrams' entries (45,000 for 'san' among the listings sent to the MLS).
DROP INDEX registered_listings_status_idx;
CREATE INDEX registered_listings_status_idx ON registered_listings (registered_status, id DESC) INCLUDE (standard_status, search_text);
DROP INDEX registered_listings_aor_idx;
CREATE INDEX registered_listings_aor_idx ON registered_listings (aor_id, registered_status, id DESC) INCLUDE (standard_status, search_text);
ANALYZE registered_listings;
