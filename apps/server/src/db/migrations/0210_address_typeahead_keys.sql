-- The address type-ahead reads its candidates from ordered ranges of byte-order (C collation) keys: house numbers
-- equal to or starting with a typed number, street and city names starting with a typed word (decision 0203).
-- ZIP codes use property_records_postal_idx. Trigram search stays for a word inside a name ('real' in Camino Real).
CREATE INDEX property_records_number_key_idx ON property_records ((street_number COLLATE "C"));
CREATE INDEX property_records_street_key_idx ON property_records ((lower(street_name) COLLATE "C"));
CREATE INDEX property_records_city_key_idx ON property_records ((lower(city) COLLATE "C"));
