import type { Criterion } from '../contracts/common';
import { ADMIN_DEFAULT_PAGE_SIZE, type AdminScope, adminOfficeCode, adminScopeOf } from './admin';
import type { Viewer } from './viewer';

/** Texts of the Articles tab and its form (seed 002 sections 2, 5, 6 and 8; "succesfully" corrected). */
export const ARTICLE_ADMIN_MESSAGES = {
  searchByTitle: 'Search by title',
  newArticle: 'New Article',
  detailTitle: 'Article Detail',
  editTitle: 'Edit Article',
  createTitle: 'Create New Article',
  carouselDetails: 'Carousel Details',
  noArticlesCriteria: 'No articles criteria found for this user',
  noArticleCriteria: 'No article criteria found for this user.',
  noArticles: 'No Articles Found',
  loading: 'Loading results...',
  pageSize: 'Articles per page',
  notAvailable: 'N/A',
  deleteConfirm: 'Are you sure you wish to delete this article?',
  deleted: 'Article deleted successfully',
  deleteFailed: 'There was a problem deleting the article. ',
  updated: 'Article updated successfully',
  created: 'Your article has been created successfully',
  updateFailed: (message: string) => `There was a problem updating the article. ${message}`,
  createFailed: (message: string) => `There was a problem creating the article. ${message}`,
  loadFailed: 'There was a problem loading the articles.',
  indefiniteGuidance: 'Use 12/31/2099 to keep an article visible indefinitely.',
  carouselImageGuidance: 'The carousel image is recommended at 384x192 px, jpg, jpeg or png.',
  carouselImageSize: (width: number, height: number) => `This image is ${width}x${height} px; the carousel shows 384x192 px.`,
  // Validation (seed 002 section 5 where it names the text; the rest written here, decision 0820).
  titleRequired: 'Title Required',
  titleLength: 'Title must be 5 to 200 characters',
  htmlNotAllowed: 'HTML is not allowed',
  bylineLength: 'Byline must be at most 200 characters',
  publishOnRequired: 'Publish On Required',
  expiresOnRequired: 'Expires On Required',
  invalidDate: 'Please enter a valid date',
  publishOnFuture: 'Publish On must be in the future',
  expiresAfterPublish: 'Expires On must be after Publish On',
  promoteOnAfterPublish: 'Promote On must be after Publish On',
  promoteEndAfterPromoteOn: 'Promote End must be after Promote On',
  promoteOnRequired: 'Promote On is required when Promote End is set',
  notBeforeNow: (label: string) => `${label} cannot be earlier than now`,
  bodyRequired: 'Article Body Required',
  imageUrl: 'Please choose a jpg, jpeg or png image',
  categoryUnknown: 'Unknown article category',
  criteriaMismatch: 'You may not publish articles to that audience.',
} as const;

/** The Articles tab's title search waits this long after typing (seed 002 section 9). */
export const ARTICLES_TAB_SEARCH_DEBOUNCE_MS = 500;
/** Days before expiry when the grid's Expires On turns to a warning (seed 002 section 9). */
export const ARTICLE_EXPIRY_WARNING_DAYS = 5;
/** The profile bag key holding the admin grids' page size (seed 002 section 3: the admin profile's pageSize). */
export const ADMIN_PAGE_SIZE_KEY = 'profile.pageSize';
export const ADMIN_ARTICLES_PAGE_SIZES = [10, 25, 50] as const;
/**
 * A publish time this far in the past still counts as "now": the form opens on the current time, and filling it in
 * takes a while (decision 0820).
 */
export const ARTICLE_PUBLISH_GRACE_MS = 15 * 60_000;

export type ArticleExpiryState = 'none' | 'expired' | 'soon' | 'ok';

/** Red if expired, warning within 5 days, green otherwise, "N/A" when there is no expiry. */
export function articleExpiryState(expiresOn: string | null, now: Date = new Date()): ArticleExpiryState {
  if (!expiresOn) return 'none';
  const left = new Date(expiresOn).getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= ARTICLE_EXPIRY_WARNING_DAYS * 86_400_000 ? 'soon' : 'ok';
}

/**
 * The page size of the Articles tab: the member's own choice in the profile bag when it is one of the offered sizes,
 * else the admin profile's `pageSize` (decision 0820).
 */
export function adminArticlesPageSize(profileBag: Record<string, unknown>, adminPageSize: number = ADMIN_DEFAULT_PAGE_SIZE): number {
  const size = profileBag[ADMIN_PAGE_SIZE_KEY];
  return (ADMIN_ARTICLES_PAGE_SIZES as readonly unknown[]).includes(size) ? (size as number) : adminPageSize;
}

type ScopeViewer = Pick<Viewer, 'isAdmin' | 'level' | 'isBroker' | 'isGsmls' | 'officeCode' | 'mainOfficeCode' | 'aorId'>;

/**
 * Which articles a member manages (decisions 0800 and 0820): the firm (every office of the main office) for office
 * scope (brokers), the association for association staff, every article for MLS staff. Null when the member manages
 * none, or has no office or association to manage (the screens then say "No articles criteria found for this user").
 */
export type ArticleAdminScope = { kind: 'office'; mainOfficeCode: string } | { kind: 'association'; aorId: number } | { kind: 'all' };

export function canManageArticles(viewer: ScopeViewer): boolean {
  return !viewer.isGsmls && adminScopeOf(viewer) !== null;
}

export function articleAdminScope(viewer: ScopeViewer): ArticleAdminScope | null {
  if (viewer.isGsmls) return null;
  const scope: AdminScope | null = adminScopeOf(viewer);
  if (scope === 'mls') return { kind: 'all' };
  const mainOfficeCode = adminOfficeCode(viewer);
  if (scope === 'office') return mainOfficeCode ? { kind: 'office', mainOfficeCode } : null;
  if (scope === 'association') return viewer.aorId ? { kind: 'association', aorId: viewer.aorId } : null;
  return null;
}

/** The audience a new article goes to: the firm's main office (office scope), else the member's association. */
export type ArticleTarget = { officeCode: string; aorId: null } | { officeCode: null; aorId: number };

export function articleTarget(viewer: ScopeViewer): ArticleTarget | null {
  const scope = articleAdminScope(viewer);
  if (!scope) return null;
  if (scope.kind === 'office') return { officeCode: scope.mainOfficeCode, aorId: null };
  return viewer.aorId ? { officeCode: null, aorId: viewer.aorId } : null;
}

/**
 * The criteria stored with a new article and sent by the form on create: its audience as the query language's
 * criteria, in the admin profile's shape (`adminCriteriaOf`). Unlike the profile's `criteria.articles` (which
 * narrows nothing for MLS staff), a new article always names one firm or association; null when it cannot.
 */
export function newArticleCriteria(viewer: ScopeViewer): Criterion[] | null {
  const target = articleTarget(viewer);
  if (!target) return null;
  return target.officeCode
    ? [{ field: 'officeCode', op: 'Equal', values: [target.officeCode] }]
    : [{ field: 'aorId', op: 'Equal', values: [target.aorId] }];
}

/** The media container of an association's article files (seed 002 section 7). */
export const articlesContainer = (aorId: number) => `articles/${aorId}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY in the browser's time zone (seed 002 section 9); '' for none. */
export function formatAdminDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** MM/DD/YYYY hh:mm A (seed 002 section 9). */
export function formatAdminDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const hours = d.getHours() % 12 || 12;
  return `${formatAdminDate(iso)} ${pad(hours)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}
