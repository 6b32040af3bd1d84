// The AOR Center's 'Single sign-on' tab (admin/tabs.tsx) loads SsoPanel lazily.
export { SsoPanel } from './SsoPanel';
