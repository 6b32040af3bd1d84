// The page is loaded lazily by app/routes.tsx; the feed screen and the AOR Center show the history and the import.
export { FeedImportPage } from './FeedImportPage';
export { ImportHistory } from './ImportHistory';
