// Pages load lazily from app/routes.tsx; the dashboard's carousel may use these.
export { ArticleCard } from './ArticleCard';
export { usePromotedArticles } from './hooks';
