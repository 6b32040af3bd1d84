export { ApplicationSettingsPage, applicationSettingsTitle } from './components/ApplicationSettingsPage';
