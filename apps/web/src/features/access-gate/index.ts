export { AccessHoldNotice } from './AccessHoldNotice';
export { AccessPanel } from './AccessPanel';
export { useOwnAccessHolds } from './api';
