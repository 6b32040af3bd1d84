export { NewPasswordFields } from './PasswordFields';
