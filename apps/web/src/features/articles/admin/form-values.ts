import type { Article, ArticleDates, ArticleUpdate } from '@portico/shared';

/** The form's values: text as typed, dates as `datetime-local` values in the browser's time zone. */
export interface ArticleFormValues {
  title: string;
  byline: string;
  imageUrl: string;
  publishOn: string;
  expiresOn: string;
  promoteOn: string;
  promoteEnd: string;
  content: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value (local time, minutes). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant; what cannot be read stays as typed, for the schema to refuse. */
function toIso(local: string): string | null {
  if (!local.trim()) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

export function initialValues(article: Article | null, now = new Date()): ArticleFormValues {
  return {
    title: article?.title ?? '',
    byline: article?.byline ?? '',
    imageUrl: article?.imageUrl ?? '',
    publishOn: article ? toLocalInput(article.publishOn) : toLocalInput(now.toISOString()),
    expiresOn: toLocalInput(article?.expiresOn),
    promoteOn: toLocalInput(article?.promoteOn),
    promoteEnd: toLocalInput(article?.promoteEnd),
    content: article?.content ?? '',
  };
}

/** The values as the calls take them (`PUT api/app/article/{id}`; the create call adds its own fields). */
export function toPayload(v: ArticleFormValues): ArticleUpdate {
  return {
    title: v.title,
    byline: v.byline,
    imageUrl: v.imageUrl.trim() || null,
    publishOn: toIso(v.publishOn),
    expiresOn: toIso(v.expiresOn),
    promoteOn: toIso(v.promoteOn),
    promoteEnd: toIso(v.promoteEnd),
    content: v.content,
  };
}

export const storedDates = (a: Article): ArticleDates => ({
  publishOn: a.publishOn,
  expiresOn: a.expiresOn,
  promoteOn: a.promoteOn,
  promoteEnd: a.promoteEnd,
});
