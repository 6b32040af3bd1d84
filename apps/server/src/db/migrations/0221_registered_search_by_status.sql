-- The list's text search, one index per status (docs/decisions/0205-registered-scale.md).
-- With the status a key of the one search index, a search with a status filter read that status's whole posting
-- list (467,000 entries for 'Sent to MLS' among 1,000,000 listings) to intersect it with the text's: 2-5 ms of
-- every search by association and MLS staff. A partial index per status holds only that status's listings, so its
-- text entries are a quarter to a half as long and there is no status entry to read at all. A search of every
-- status uses the full index, which no longer carries the status either.
DROP INDEX registered_listings_search_idx;
CREATE INDEX registered_listings_search_idx ON registered_listings
  USING gin (aor_id, office_id, list_agent_member_id, co_list_agent_member_id, search_text gin_trgm_ops);
CREATE INDEX registered_listings_search_sent_idx ON registered_listings
  USING gin (aor_id, office_id, list_agent_member_id, co_list_agent_member_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Sent to MLS';
CREATE INDEX registered_listings_search_expired_idx ON registered_listings
  USING gin (aor_id, office_id, list_agent_member_id, co_list_agent_member_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Expired';
CREATE INDEX registered_listings_search_incomplete_idx ON registered_listings
  USING gin (aor_id, office_id, list_agent_member_id, co_list_agent_member_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Incomplete';
CREATE INDEX registered_listings_search_cancelled_idx ON registered_listings
  USING gin (aor_id, office_id, list_agent_member_id, co_list_agent_member_id, search_text gin_trgm_ops)
  WHERE registered_status = 'Cancelled';
