-- The list's search text in one column, served by one index together with every arm of the viewer's scope
-- (docs/decisions/0205-registered-scale.md).
-- A listing's id and its address, joined by a line break (a search box cannot type one, so a text never matches
-- across the two): "matches the listing id or the property address" becomes one condition instead of an OR of two,
-- which no single index scan could serve together with the scope.
ALTER TABLE registered_listings
  ADD COLUMN search_text text GENERATED ALWAYS AS (listing_id || E'\n' || unparsed_address) STORED;
-- The planner estimates a contains-pattern by trying it on the column's histogram. With the default 100 entries
-- most texts match none and the estimate falls to its floor (a ZIP code "matched" 12 listings where 1,600 did, so
-- the plan read every listing of the ZIP code and then dropped those outside the scope); 1,000 entries put the
-- estimates of the bench's texts within 10%.
ALTER TABLE registered_listings ALTER COLUMN search_text SET STATISTICS 1000;
DROP INDEX registered_listings_status_address_trgm_idx;
DROP INDEX registered_listings_status_listing_id_trgm_idx;
-- Every column a scope arm or the status filter names comes first (btree_gin), so each arm of the scope's OR reads
-- only its own matches of the text: an association's staff never read another association's, a broker never the
-- rest of the MLS. MLS-wide searches use the status and the text alone.
CREATE INDEX registered_listings_search_idx ON registered_listings
  USING gin (aor_id, office_id, list_agent_member_id, co_list_agent_member_id, registered_status, search_text gin_trgm_ops);
ANALYZE registered_listings;
