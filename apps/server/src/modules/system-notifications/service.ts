import type { SystemNotification, SystemNotificationStatus } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { cleanHtml } from '../../lib/html-sanitizer';
import { publishSystemNotifications } from '../live/index';
import { presentSystemNotification } from './presenter';
import {
  type AssociationState,
  type AudienceRow,
  associationState,
  insertSystemNotification,
  listForAssociation,
  listStatuses,
  type NewSystemNotification,
} from './repository';

export type { AssociationState } from './repository';

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

/** One of an association's messages as presented, with the row its audience rule (`readsMessage`) reads. */
export interface AssociationMessage {
  row: AudienceRow;
  item: SystemNotification;
}

/** What the association's messages depend on now (the answer's entity tag), and when the next one written ahead appears. */
export function messagesState(q: Queryable, aorId: number | null): Promise<AssociationState> {
  return associationState(q, aorId);
}

/** The association's messages and every member's, each presented once: every member of the association reads these. */
export async function associationMessages(q: Queryable, aorId: number | null): Promise<AssociationMessage[]> {
  return (await listForAssociation(q, aorId)).map((row) => ({ row, item: presentSystemNotification(row) }));
}

/** The system message statuses (id, name, description, badge colour), by id. */
export function messageStatuses(q: Queryable): Promise<SystemNotificationStatus[]> {
  return listStatuses(q);
}
