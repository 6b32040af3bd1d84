import { lazy } from 'react';

// Pages load lazily from app/routes.tsx; the dashboard's carousel may use these.
export { ArticleCard } from './ArticleCard';
export { usePromotedArticles } from './hooks';

/** The AOR Center's Articles tab (features/admin/tabs.tsx): loaded when opened, with its rich-text editor. */
export const ArticlesPanel = lazy(() => import('./admin/ArticlesPanel').then((m) => ({ default: m.ArticlesPanel })));
