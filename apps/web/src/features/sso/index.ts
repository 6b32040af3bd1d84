// The AOR Center's 'Single sign-on' tab (admin/tabs.tsx) loads SsoPanel lazily; it embeds OidcClientPanel.
export { SsoPanel } from './SsoPanel';
