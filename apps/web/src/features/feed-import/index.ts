// The page is loaded lazily by app/routes.tsx.
export { FeedImportPage } from './FeedImportPage';
