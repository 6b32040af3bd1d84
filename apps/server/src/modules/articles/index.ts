export { articlesRoutes } from './routes';
export { createArticle } from './service';
