import type { Queryable } from '../../db/index';
import { cleanHtml } from '../../lib/html-sanitizer';
import { publishSystemNotifications } from '../live/index';
import { insertSystemNotification, type NewSystemNotification } from './repository';

const SAFE_URL = /^https?:\/\//i;

/** Every system message is written through here: the HTML is sanitised and the link must be http(s). */
export async function createSystemNotification(q: Queryable, n: NewSystemNotification): Promise<number> {
  const id = await insertSystemNotification(q, {
    ...n,
    message: cleanHtml(n.message),
    url: n.url && SAFE_URL.test(n.url) ? n.url : null,
  });
  await publishSystemNotifications(q);
  return id;
}
