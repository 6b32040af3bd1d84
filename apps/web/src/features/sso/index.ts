export { OidcClientPage } from './OidcClientPage';
export { OidcClientPanel } from './OidcClientPanel';
