-- The list's text search, one index per status, and the reach of staff in the list's order
-- (docs/decisions/0205-registered-scale.md).
--
-- With the status a key of the one search index, a search with a status filter read that status's whole posting
-- list (467,000 entries for 'Sent to MLS' among 1,000,000 listings) to intersect it with the text's: 2-5 ms of
-- every search by association and MLS staff. A partial index per status holds only that status's listings, so its
-- text entries are a quarter to a half as long and there is no status entry to read at all. A search of every
-- status uses the full index, which no longer carries the status either.
--
-- The index keeps only the association beside the text. A member's own listings and their offices' are a few
-- hundred rows, which the b-trees below find and the search tests against the text on the rows themselves; with
-- their columns in this index, a broker's search read the text's matches across the whole MLS first.
DROP INDEX registered_listings_search_idx;
CREATE INDEX registered_listings_search_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops);
CREATE INDEX registered_listings_search_sent_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Sent to MLS';
CREATE INDEX registered_listings_search_expired_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Expired';
CREATE INDEX registered_listings_search_incomplete_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Incomplete';
CREATE INDEX registered_listings_search_cancelled_idx ON registered_listings USING gin (aor_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Cancelled';
-- An association's or an office's listings of one status, newest first: a search matching more than it counts
-- walks them in the list's order and meets a page of matches within a few hundred rows.
DROP INDEX registered_listings_aor_idx;
CREATE INDEX registered_listings_aor_idx ON registered_listings (aor_id, registered_status, id DESC);
DROP INDEX registered_listings_office_idx;
CREATE INDEX registered_listings_office_idx ON registered_listings (office_id, registered_status, id DESC);
