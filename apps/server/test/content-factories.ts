import type { SystemNotificationPosition } from '@portico/shared';
import type { Db } from '../src/db/index';
import { createArticle } from '../src/modules/articles/index';
import { createNotifications } from '../src/modules/notifications/index';
import { createSystemNotification } from '../src/modules/system-notifications/index';

let sequence = 0;
const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Builders for articles, notifications and system messages; they write through the services (sanitised). */
export function createContentFactories(db: Db) {
  async function buildCategory(name = `Category ${++sequence}`) {
    return (await db.one<{ id: number }>('INSERT INTO article_categories (name) VALUES ($1) RETURNING id', [name]))!.id;
  }

  async function buildArticle(opts: {
    categoryId: number;
    aorId?: number;
    officeId?: number;
    title?: string;
    content?: string;
    status?: 'Draft' | 'Published' | 'Archived';
    publishOn?: Date;
    expiresOn?: Date | null;
    promoteOn?: Date | null;
    promoteEnd?: Date | null;
    adTemplate?: string | null;
  }) {
    return createArticle(db, {
      title: opts.title ?? `Article ${++sequence}`,
      summary: 'A summary',
      byline: 'By Someone',
      imageUrl: '/articles/cover-1.svg',
      authorPhotoUrl: '/articles/author-1.svg',
      categoryId: opts.categoryId,
      authorDisplayName: 'Someone',
      content: opts.content ?? '<p>Hello</p>',
      status: opts.status ?? 'Published',
      publishOn: opts.publishOn ?? days(-1),
      expiresOn: opts.expiresOn ?? null,
      promoteOn: opts.promoteOn ?? null,
      promoteEnd: opts.promoteEnd ?? null,
      createdByName: 'Someone',
      officeId: opts.officeId ?? null,
      aorId: opts.officeId ? null : (opts.aorId ?? null),
      adTemplate: opts.adTemplate ?? null,
      adIsScript: !!opts.adTemplate,
    });
  }

  async function buildCampaignType(name = `Campaign ${++sequence}`) {
    return (await db.one<{ id: number }>('INSERT INTO campaign_types (name) VALUES ($1) RETURNING id', [name]))!.id;
  }

  async function buildNotifications(
    memberId: number,
    campaignTypeId: number,
    count: number,
    over: { subject?: (i: number) => string; body?: string } = {},
  ) {
    await db.tx((q) =>
      createNotifications(
        q,
        Array.from({ length: count }, (_, i) => ({
          memberId,
          campaignTypeId,
          subject: over.subject?.(i) ?? `Subject ${i}`,
          body: over.body ?? `<p>Body ${i}</p>`,
          priority: 0,
          isRead: false,
          createdOn: new Date(Date.now() - i * 60_000),
        })),
      ),
    );
    return db.query<{ id: number }>('SELECT id FROM notifications WHERE member_id = $1 ORDER BY created_on DESC, id DESC', [memberId]);
  }

  async function buildSystemNotification(opts: {
    aorId?: number | null;
    position?: SystemNotificationPosition;
    message?: string;
    statusId?: number;
    title?: string;
  }) {
    return createSystemNotification(db, {
      title: opts.title ?? `System ${++sequence}`,
      message: opts.message ?? '<p>Message</p>',
      position: opts.position ?? 'dash',
      url: null,
      statusId: opts.statusId ?? 1,
      aorId: opts.aorId ?? null,
      createdOn: days(-1),
      expiresOn: null,
    });
  }

  return { buildCategory, buildArticle, buildCampaignType, buildNotifications, buildSystemNotification };
}

/** Script, event handler, javascript: URL, SVG and style: none may survive the sanitiser. */
export const HOSTILE_HTML = `<p>Kept</p><script>alert(1)</script><img src="https://x.example/a.png" onerror="alert(2)">
<a href="javascript:alert(3)">link</a><a href="JaVaScRiPt:alert(4)">link2</a><svg onload="alert(5)"><script>alert(6)</script></svg>
<style>body{display:none}</style><p style="background:url(javascript:alert(7))" onclick="alert(8)">x</p>
<iframe src="https://evil.example"></iframe><a href="data:text/html,<script>alert(9)</script>">d</a>`;

export function expectNothingLive(html: string) {
  const lowered = html.toLowerCase();
  for (const bad of ['<script', 'onerror', 'onclick', 'onload', 'javascript:', '<svg', '<style', 'style=', '<iframe', 'data:', 'alert(']) {
    if (lowered.includes(bad)) throw new Error(`hostile '${bad}' survived in: ${html}`);
  }
}
