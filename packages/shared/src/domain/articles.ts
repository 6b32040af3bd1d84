import { DEFAULT_ARTICLE_CATEGORY_BROKER, DEFAULT_ARTICLE_CATEGORY_OTHERS } from '../constants';
import { LIVE_ARTICLE_STATUSES } from '../contracts/articles';
import type { Viewer } from './viewer';

/** Whose articles a member reads: brokers (CB, DB, DN) their office's, everyone else their association's. */
export type ArticleAudience = { kind: 'office'; officeCodes: string[] } | { kind: 'association'; aorId: number | null };

export function articleAudience(viewer: Pick<Viewer, 'isBroker' | 'officeCode' | 'mainOfficeCode' | 'aorId'>): ArticleAudience {
  if (viewer.isBroker) {
    const codes = [viewer.officeCode, viewer.mainOfficeCode].filter((c): c is string => !!c);
    return { kind: 'office', officeCodes: [...new Set(codes)] };
  }
  return { kind: 'association', aorId: viewer.aorId };
}

/** The category the article center opens on: 1 (broker) for brokers, 10 for everyone else. */
export function defaultArticleCategory(viewer: Pick<Viewer, 'isBroker'>): number {
  return viewer.isBroker ? DEFAULT_ARTICLE_CATEGORY_BROKER : DEFAULT_ARTICLE_CATEGORY_OTHERS;
}

interface Dated {
  status: string;
  publishOn: string;
  expiresOn: string | null;
  promoteOn?: string | null;
  promoteEnd?: string | null;
}

/** Only published (or approved, seed 002) articles, from publishOn until expiresOn, reach members. */
export function isArticleLive(article: Dated, now: Date = new Date()): boolean {
  const t = now.getTime();
  return (
    (LIVE_ARTICLE_STATUSES as readonly string[]).includes(article.status) &&
    new Date(article.publishOn).getTime() <= t &&
    (!article.expiresOn || new Date(article.expiresOn).getTime() > t)
  );
}

/** A live article is promoted only between promoteOn and promoteEnd. */
export function isArticlePromoted(article: Dated, now: Date = new Date()): boolean {
  if (!isArticleLive(article, now) || !article.promoteOn) return false;
  const t = now.getTime();
  return new Date(article.promoteOn).getTime() <= t && (!article.promoteEnd || new Date(article.promoteEnd).getTime() > t);
}
