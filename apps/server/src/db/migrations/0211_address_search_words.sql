-- The address type-ahead checks every typed word against the record's words (decision 0203). Lower-casing the
-- search text and turning its punctuation into spaces cost 2.5 µs per row read, on every call; stored once here,
-- a check is one strpos (0.1 µs). The punctuation list is address-text.ts's WORD_SEPARATORS.
ALTER TABLE property_records ADD COLUMN search_words text NOT NULL
  GENERATED ALWAYS AS (' ' || translate(lower(search_text), '#,.;:''"/()&-', '            ') || ' ') STORED;
