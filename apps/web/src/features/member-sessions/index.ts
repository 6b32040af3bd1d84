export { SessionsPanel } from './components/SessionsPanel';
