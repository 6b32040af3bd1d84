-- The agent type-ahead lists MLS-id matches in id order: a byte-order index lets it read the first few in order
-- instead of sorting every member whose id starts with the typed text (an association prefix matches thousands).
CREATE INDEX members_agent_code_c_idx ON members ((lower(agent_code) COLLATE "C")) WHERE agent_code IS NOT NULL;
