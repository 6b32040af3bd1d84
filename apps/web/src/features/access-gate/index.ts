export { AccessHoldNotice } from './AccessHoldNotice';
export { AccessPanel } from './AccessPanel';
