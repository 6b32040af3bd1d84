export { ChatThreadView } from './ChatThreadView';
export { SupportTicketForm } from './SupportTicketForm';
export { SupportButton, SupportDrawer } from './SupportWidget';
