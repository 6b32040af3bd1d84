import {
  type CreatedWorkItem,
  SUPPORT_MESSAGES,
  SUPPORT_WORK_ITEM_DEFINITION_ID,
  ticketTitle,
  type Viewer,
  type workItemCreateSchema,
} from '@portico/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/index';
import { badRequest } from '../../lib/errors';
import { insertWorkItem } from '../cases/index';
import { publishCase } from '../live/index';
import { presentCreatedWorkItem } from './presenter';
import { type ContactRow, findContact } from './repository';

/**
 * The ticket's contact: the viewer, or (association and MLS staff filing for a member, e.g. from the association's
 * support mailbox) a member they reach. A contact out of reach reads as not found.
 */
async function contactFor(q: Queryable, viewer: Viewer, loginId: string | undefined): Promise<ContactRow> {
  const wanted = loginId && loginId.toLowerCase() !== viewer.loginId.toLowerCase() ? loginId : viewer.loginId;
  const contact = await findContact(q, wanted);
  const isSelf = contact?.id === viewer.memberId;
  const inReach = viewer.level >= 5 || (viewer.level === 4 && viewer.aorId !== null && contact?.aor_id === viewer.aorId);
  if (!contact || (!isSelf && !inReach)) {
    throw badRequest(SUPPORT_MESSAGES.contactNotFound, [{ field: 'fields.ContactName', message: SUPPORT_MESSAGES.contactNotFound }]);
  }
  return contact;
}

/** `POST api/app/WorkItem/`: one support ticket, in one transaction. */
export async function createSupportTicket(db: Db, viewer: Viewer, body: z.output<typeof workItemCreateSchema>): Promise<CreatedWorkItem> {
  return db.tx(async (q) => {
    const contact = await contactFor(q, viewer, body.fields.ContactName);
    const title = ticketTitle(body.title, body.fields.CaseOrigin);
    const row = await insertWorkItem(q, {
      definitionId: SUPPORT_WORK_ITEM_DEFINITION_ID,
      title,
      contactMemberId: contact.id,
      aorId: contact.aor_id,
      fields: { CaseOrigin: body.fields.CaseOrigin, Body: body.fields.Body, ContactName: contact.login_id },
      createdByMemberId: viewer.memberId,
      createdBy: viewer.loginId,
    });
    await publishCase(q, row.id);
    return presentCreatedWorkItem(row, title);
  });
}
