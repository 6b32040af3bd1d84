export { RecoveryCodesPanel } from './components/RecoveryCodesPanel';
