-- The Clear Cooperation watch's notifications carry their own campaign type (decision 1080). Migration 1080 added a
-- 'Compliance' type, which the demo's own campaign types also name; the demo seed now takes an existing type by name.
INSERT INTO campaign_types (name) VALUES ('Clear Cooperation') ON CONFLICT (name) DO NOTHING;
