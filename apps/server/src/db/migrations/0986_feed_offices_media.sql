-- The feed's missing mappings (docs/decisions/0986-feed-screen-and-mappings.md): a branch's main office and an
-- office's broker by their RESO keys, and a listing's photos from the Media resource.

-- MainOfficeKey: the branch's main office by key. main_office_code (the seeds' office model) is the main office's MLS
-- id; it is filled from the key when the main office arrives, which may be after its branches.
ALTER TABLE offices ADD COLUMN main_office_key text;
CREATE INDEX offices_main_office_key_idx ON offices (main_office_key);
-- OfficeBrokerKey: the member who is the office's broker, by their MemberKey (members come after offices).
ALTER TABLE offices ADD COLUMN broker_key text;

-- The Media resource's photos of a listing, by its ListingKey (a photo may arrive before its listing).
CREATE TABLE mls_listing_media (
  media_key text PRIMARY KEY,
  listing_key text NOT NULL,
  url text NOT NULL,
  category text,
  sort_order integer,
  modified_on timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mls_listing_media_listing_idx ON mls_listing_media (listing_key, sort_order);
