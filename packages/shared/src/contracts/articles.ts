import { z } from 'zod';
import { ARTICLE_PUBLISH_GRACE_MS, ARTICLE_ADMIN_MESSAGES as M } from '../domain/articles-admin';
import { id, isDateTime, text } from './input';

/** Approved is the status of articles written in the Articles tab (seed 002 section 4); it reads like Published. */
export const ARTICLE_STATUSES = ['Draft', 'Published', 'Approved', 'Archived'] as const;

/** Article category (seed 000 section 3): id, name. */
export const articleCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type ArticleCategory = z.infer<typeof articleCategorySchema>;

/** An ad impression of an article; only the tag article-ad is used here. Templates run in a sandboxed frame. */
export const articleImpressionSchema = z.object({
  tagName: z.literal('article-ad'),
  isEnabled: z.boolean(),
  isScript: z.boolean(),
  template: z.string(),
});
export type ArticleImpression = z.infer<typeof articleImpressionSchema>;

/** An article as lists show it (search, promoted): everything but the content. The answer is serialised by it. */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  byline: z.string(),
  imageUrl: z.string().nullable(),
  authorPhotoUrl: z.string().nullable(),
  articleCategoryId: z.number().int(),
  articleCategory: articleCategorySchema,
  author: z.object({ displayName: z.string() }),
  publishOn: z.string(),
  expiresOn: z.string().nullable(),
  promoteOn: z.string().nullable(),
  promoteEnd: z.string().nullable(),
  sourceId: z.number().int().nullable(),
  templateId: z.number().int().nullable(),
  status: z.enum(ARTICLE_STATUSES),
  criteria: z.string().nullable(),
  createdByName: z.string(),
  createdOn: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** `GET api/app/Article/{articleId}/expanded/` results[0]: the summary plus the (sanitised) content and its ad. */
export const articleSchema = articleSummarySchema.extend({
  content: z.string(),
  renderedContent: z.string(),
  impressions: z.array(articleImpressionSchema),
});
export type Article = z.infer<typeof articleSchema>;

/** The statuses members read (from publishOn until expiresOn). */
export const LIVE_ARTICLE_STATUSES = ['Published', 'Approved'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const articleIdParamSchema = z.object({ articleId: id() });

/** `GET api/app/Articles/Search?q=`: an empty q lists every article the member may read. */
export const articleSearchQuerySchema = z.object({ q: text(200).trim().default('') });

const HTML_TAG = /<\/?[a-z!][^>]*>/i;
const noHtml = (text: string) => !HTML_TAG.test(text);
const IMAGE_URL = /^(\/(?!\/)|https?:\/\/)[^\s"'<>]*\.(jpe?g|png)(\?[^\s"'<>]*)?$/i;

/** Rich text counts as written when it has some text or an image, not just empty paragraphs. */
export function htmlHasContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

const dateText = z
  .string()
  .max(40)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

/** The editable fields of an article (seed 002 section 7, `PUT api/app/article/{id}`). */
const articleFields = {
  title: z
    .string({ error: M.titleRequired })
    .trim()
    .min(1, M.titleRequired)
    .min(5, M.titleLength)
    .max(200, M.titleLength)
    .refine(noHtml, M.htmlNotAllowed),
  byline: z.string().trim().max(200, M.bylineLength).refine(noHtml, M.htmlNotAllowed).default(''),
  imageUrl: z
    .string()
    .trim()
    .max(2000, M.imageUrl)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || IMAGE_URL.test(v), M.imageUrl),
  publishOn: dateText,
  expiresOn: dateText,
  promoteOn: dateText,
  promoteEnd: dateText,
  content: z.string({ error: M.bodyRequired }).max(500_000).refine(htmlHasContent, M.bodyRequired),
};

/** What the create call adds (seed 002 section 7); the server decides category, status, criteria and author. */
const createFields = {
  sourceId: id().nullish(),
  templateId: id().nullish(),
  articleCategoryId: id().nullish(),
  status: z.literal('Approved').default('Approved'),
  criteria: text(2000).nullish(),
  createdByName: text(200).nullish(),
};

export type ArticleDates = Record<'publishOn' | 'expiresOn' | 'promoteOn' | 'promoteEnd', string | null>;

export interface ArticleFormOptions {
  isNew: boolean;
  now?: Date;
  /** The stored dates of an edited article: an unchanged date may lie in the past. */
  stored?: ArticleDates;
}

type DateIssue = { path: keyof ArticleDates; message: string };

/** The date rules of the article form (seed 002 section 5), as issues on their fields. */
export function articleDateIssues(dates: ArticleDates, { isNew, now = new Date(), stored }: ArticleFormOptions): DateIssue[] {
  const issues: DateIssue[] = [];
  const floor = now.getTime() - ARTICLE_PUBLISH_GRACE_MS;
  const time = (key: keyof ArticleDates) => (dates[key] ? new Date(dates[key] as string).getTime() : null);
  const changed = (key: keyof ArticleDates) =>
    isNew || !stored || time(key) !== (stored[key] ? new Date(stored[key] as string).getTime() : null);
  const labels = { publishOn: 'Publish On', expiresOn: 'Expires On', promoteOn: 'Promote On', promoteEnd: 'Promote End' } as const;
  for (const key of Object.keys(labels) as Array<keyof ArticleDates>) {
    const t = time(key);
    if (t !== null && (Number.isNaN(t) || !isDateTime(dates[key] as string))) issues.push({ path: key, message: M.invalidDate });
  }
  if (issues.length) return issues;
  const [publish, expires, promote, promoteEnd] = [time('publishOn'), time('expiresOn'), time('promoteOn'), time('promoteEnd')];
  if (publish === null) issues.push({ path: 'publishOn', message: M.publishOnRequired });
  else if (isNew && publish < floor) issues.push({ path: 'publishOn', message: M.publishOnFuture });
  else if (changed('publishOn') && publish < floor) issues.push({ path: 'publishOn', message: M.notBeforeNow(labels.publishOn) });
  if (expires === null) issues.push({ path: 'expiresOn', message: M.expiresOnRequired });
  else if (publish !== null && expires <= publish) issues.push({ path: 'expiresOn', message: M.expiresAfterPublish });
  else if (changed('expiresOn') && expires < floor) issues.push({ path: 'expiresOn', message: M.notBeforeNow(labels.expiresOn) });
  if (promote !== null) {
    if (publish !== null && promote < publish) issues.push({ path: 'promoteOn', message: M.promoteOnAfterPublish });
    else if (changed('promoteOn') && promote < floor) issues.push({ path: 'promoteOn', message: M.notBeforeNow(labels.promoteOn) });
  }
  if (promoteEnd !== null) {
    if (promote === null) issues.push({ path: 'promoteOn', message: M.promoteOnRequired });
    else if (promoteEnd <= promote) issues.push({ path: 'promoteEnd', message: M.promoteEndAfterPromoteOn });
    else if (changed('promoteEnd') && promoteEnd < floor) issues.push({ path: 'promoteEnd', message: M.notBeforeNow(labels.promoteEnd) });
  }
  return issues;
}

/** The date rules run beside the field rules, so that one answer names every problem of the form. */
function withDateRules<T extends z.ZodRawShape>(shape: T, options: ArticleFormOptions) {
  const object = z.object(shape);
  return z.unknown().transform((raw, ctx): z.output<typeof object> => {
    const parsed = object.safeParse(raw);
    const issues: Array<{ path: PropertyKey[]; message: string }> = [];
    // The first problem of each field: "Title Required" rather than also "Title must be 5 to 200 characters".
    for (const i of parsed.success ? [] : parsed.error.issues) {
      if (!issues.some((known) => known.path.join('.') === i.path.join('.'))) issues.push({ path: i.path, message: i.message });
    }
    const input = (raw ?? {}) as Record<string, unknown>;
    const text = (key: keyof ArticleDates) =>
      typeof input[key] === 'string' && (input[key] as string).trim() ? (input[key] as string).trim() : null;
    const dates: ArticleDates = {
      publishOn: text('publishOn'),
      expiresOn: text('expiresOn'),
      promoteOn: text('promoteOn'),
      promoteEnd: text('promoteEnd'),
    };
    for (const issue of articleDateIssues(dates, options)) {
      if (!issues.some((i) => i.path[0] === issue.path)) issues.push({ path: [issue.path], message: issue.message });
    }
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return issues.length || !parsed.success ? z.NEVER : parsed.data;
  });
}

/** `PUT api/app/article/{id}`: the editable fields, with the date rules against the stored dates. */
export const articleUpdateSchema = (options: Omit<ArticleFormOptions, 'isNew'> = {}) =>
  withDateRules(articleFields, { ...options, isNew: false });
/** `POST api/app/article/`: the editable fields plus the create-only ones; publishOn must lie ahead. */
export const articleCreateSchema = (options: Omit<ArticleFormOptions, 'isNew' | 'stored'> = {}) =>
  withDateRules({ ...articleFields, ...createFields }, { ...options, isNew: true });
/** The schemas as documented in OpenAPI (the date rules depend on the time and on the stored article). */
export const articleUpdateShape = z.object(articleFields);
export const articleCreateShape = z.object({ ...articleFields, ...createFields });

export type ArticleUpdate = z.output<typeof articleUpdateShape>;
export type ArticleCreate = z.output<typeof articleCreateShape>;
export type ArticleFormInput = z.input<typeof articleCreateShape>;
