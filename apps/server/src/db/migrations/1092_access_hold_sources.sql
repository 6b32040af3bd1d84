-- The access gate's holds grow beyond staff suspension (decision 1092): unpaid or uncorrected citations (issue 30) and
-- missed required training (issue 31) place holds of their own kinds. A hold names its source (the citation or the
-- requirement it stands for; '' for a staff suspension), so a member may hold one of each source at once, and says
-- what it closes: listing entry, and every MLS application (application_ids NULL) or only the ones listed.
ALTER TABLE access_holds DROP CONSTRAINT access_holds_kind_check;
ALTER TABLE access_holds ADD CONSTRAINT access_holds_kind_check CHECK (kind IN ('suspension', 'citation', 'training'));
ALTER TABLE access_holds ADD COLUMN source text NOT NULL DEFAULT '' CHECK (length(source) <= 100);
ALTER TABLE access_holds ADD COLUMN closes_listing_entry boolean NOT NULL DEFAULT true;
ALTER TABLE access_holds ADD COLUMN application_ids integer[];
DROP INDEX access_holds_one_active_idx;
CREATE UNIQUE INDEX access_holds_one_active_source_idx ON access_holds (member_id, kind, source) WHERE lifted_on IS NULL;
