-- How each application of the launcher signs its members in (issue 19 section 3, decision 0988): 'link' opens its URL
-- as before, 'saml' launches through /saml/launch/{id} with the settings of saml_applications, 'oidc' through the
-- OpenID Connect client registered for it. A SAML row of an application whose protocol is not 'saml' is kept (so
-- that switching back restores it) but answers no sign-on.
ALTER TABLE applications ADD COLUMN sso_protocol text NOT NULL DEFAULT 'link' CHECK (sso_protocol IN ('link', 'saml', 'oidc'));
UPDATE applications SET sso_protocol = 'saml' WHERE id IN (SELECT application_id FROM saml_applications);
