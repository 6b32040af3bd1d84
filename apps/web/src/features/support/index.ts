export { ChatThreadView } from './ChatThreadView';
export { SupportTicketForm } from './SupportTicketForm';
export { SupportWidget } from './SupportWidget';
