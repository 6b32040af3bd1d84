export { ChatThreadView } from './ChatThreadView';
export { useSupportChat } from './chat-state';
export { SupportTicketForm } from './SupportTicketForm';
export { SupportButton, SupportDrawer } from './SupportWidget';
