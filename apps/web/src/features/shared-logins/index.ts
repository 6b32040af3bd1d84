export { SharedLoginsPanel } from './components/SharedLoginsPanel';
