export { isFileInLiveArticle } from './repository';
export { articlesRoutes } from './routes';
export { createArticle } from './service';
