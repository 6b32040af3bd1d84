export { AccountSettingsPage } from './AccountSettingsPage';
export { NewPasswordFields } from './PasswordFields';
