export { useOfficeSearch } from './api';
export { AgentSearch } from './components/AgentSearch';
export { AssociationPicker } from './components/AssociationPicker';
export { OfficePicker } from './components/OfficePicker';
export { SettingsPage } from './components/SettingsPage';
export { useUrlTab } from './hooks/useUrlTab';
