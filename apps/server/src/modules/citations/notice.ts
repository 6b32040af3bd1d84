import type { Queryable } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import { createNotifications } from '../notifications/index';
import { noticeRecipients } from './repository';

export interface Notice {
  /** The member the notice is about; their office's active brokers get a copy. */
  memberId: number;
  campaignTypeId: number;
  /** The subject for the member ('member') and for a broker's copy ('broker'). */
  subjectOf: (role: 'member' | 'broker') => string;
  text: string;
  at: Date;
}

/**
 * A notice to a member with a copy to their office's brokers: a notification to each, and a mail queued for those
 * with an address, all in the caller's transaction (a mail that fails later is retried from the outbox, nothing is
 * half-written). Citations and the Shared logins queue send theirs through here.
 */
export async function sendNotice(q: Queryable, mailer: Mailer, notice: Notice): Promise<void> {
  const recipients = await noticeRecipients(q, notice.memberId);
  await createNotifications(
    q,
    recipients.map((r) => ({
      memberId: r.id,
      campaignTypeId: notice.campaignTypeId,
      subject: notice.subjectOf(r.role),
      body: notice.text,
      priority: 1,
      isRead: false,
      createdOn: notice.at,
    })),
  );
  for (const r of recipients) if (r.email) await mailer.queue(q, { to: r.email, subject: notice.subjectOf(r.role), text: notice.text });
}
