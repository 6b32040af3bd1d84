export { securityActivityRoutes } from './routes';
export {
  type DescribedOrigin,
  describeOrigin,
  type EventOrigin,
  type EventWriter,
  type SecurityEventInput,
  securityEvent,
} from './service';
