// The one toast helper of the web app lives in ui/ (shared with Training).
export { notify } from '../../ui/notify';
