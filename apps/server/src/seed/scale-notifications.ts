import type { Db } from '../db/index';
import { createNotifications } from '../modules/notifications/index';
import { notificationsFor } from './content-notifications';
import { createRng } from './random';
import type { ScaleSeeder } from './scale';

/**
 * The inbox member: the first scale member (`{AOR}M0000001`), whose notification center the benchmark fills to
 * the seed's page size (9,999) to measure filtering and paging in the browser.
 */
export const INBOX_MEMBER = '^[A-Z]{2,3}M0000001$';

/**
 * Notifications of one member, not a table-wide count: the notification center reads one member's list, so what
 * matters at scale is one long inbox. Written through `createNotifications` (sanitised, version bumped) in chunks;
 * 9,999 take a few seconds.
 */
export const inboxNotificationsScaleSeeder: ScaleSeeder = {
  option: 'inboxNotifications',
  benchDefault: 9_999,
  description: 'notifications of the inbox member (the first scale member, e.g. ARM0000001; needs --members 1 or more)',
  async run(db: Db, count, log) {
    const member = await db.one<{ id: number; login_id: string; n: number }>(
      `SELECT m.id, m.login_id, (SELECT count(*)::int FROM notifications n WHERE n.member_id = m.id) AS n
         FROM members m WHERE m.login_id ~ $1 ORDER BY m.id LIMIT 1`,
      [INBOX_MEMBER],
    );
    if (!member) {
      log('inboxNotifications: no scale member yet (run with --members 1 or more)');
      return 0;
    }
    if (member.n >= count) {
      log(`inboxNotifications: ${member.login_id} already has ${member.n}`);
      return 0;
    }
    const typeIds = (await db.query<{ id: number }>('SELECT id FROM campaign_types ORDER BY id')).map((t) => t.id);
    if (typeIds.length === 0) throw new Error('inboxNotifications: no campaign types (the demo seed makes them)');
    const items = notificationsFor(createRng(member.id + member.n), member.id, typeIds, count - member.n, member.n);
    await db.tx((q) => createNotifications(q, items));
    await db.query('ANALYZE notifications');
    log(`inboxNotifications: ${member.login_id} has ${count}`);
    return count - member.n;
  },
};
