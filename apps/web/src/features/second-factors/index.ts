export { ManageAuthentications } from './components/ManageAuthentications';
