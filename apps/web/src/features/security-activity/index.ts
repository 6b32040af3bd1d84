export { SecurityActivityPanel } from './components/SecurityActivityPanel';
