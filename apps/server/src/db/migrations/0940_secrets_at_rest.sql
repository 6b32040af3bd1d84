-- Secrets at rest (decision 0940). The provider's keys: `sealed` holds the JWK sealed under PORTICO_SECRET_KEY
-- (lib/secret-box.ts); the plain `jwk` of rows made before is sealed and cleared by the first instance that starts
-- (identity/keys.ts). `origin` says whether a production or a development instance made the key; production refuses
-- to sign with a development key. `state`: `next` is published for verification but does not sign yet, `active`
-- signs, `retired` only verifies until the tokens it signed have expired (then it is deleted).
ALTER TABLE oidc_keys ALTER COLUMN jwk DROP NOT NULL;
ALTER TABLE oidc_keys ADD COLUMN sealed text;
ALTER TABLE oidc_keys ADD COLUMN origin text NOT NULL DEFAULT 'development' CHECK (origin IN ('development', 'production'));
ALTER TABLE oidc_keys ADD COLUMN state text NOT NULL DEFAULT 'active' CHECK (state IN ('next', 'active', 'retired'));
ALTER TABLE oidc_keys ADD COLUMN retired_on timestamptz;
