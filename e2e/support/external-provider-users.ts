/** This provider's own members: `mls_login` is the claim Portico matches (OIDC_LOGIN_CLAIM) to its member login ids. */
export const EXTERNAL_USERS = [
  { sub: 'ext-7f3a91', username: 'alicia.external', password: 'Elsewhere#2026', name: 'Alicia (external)', mls_login: 'agent' },
];
