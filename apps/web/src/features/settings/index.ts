export { useAssociations, useOfficeSearch } from './api';
export { AgentSearch } from './components/AgentSearch';
export { AssociationPicker } from './components/AssociationPicker';
// The leave guard of a settings form, reused by the launcher application form.
export { LeaveModal } from './components/LeaveModal';
export { OfficePicker } from './components/OfficePicker';
export { SettingsPage } from './components/SettingsPage';
export { useLeaveGuard } from './hooks/useLeaveGuard';
export { useUrlTab } from './hooks/useUrlTab';
