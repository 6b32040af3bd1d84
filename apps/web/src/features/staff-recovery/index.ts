export { StaffRecoveryPanel } from './components/StaffRecoveryPanel';
