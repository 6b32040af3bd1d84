export { FeedPage } from './FeedPage';
