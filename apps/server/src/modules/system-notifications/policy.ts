import type { LiveEvent } from '@portico/shared';
import type { AudienceRow } from './repository';

/** Every stream hears the hint; each browser then asks for its own audience's list of system messages. */
export const systemNotificationsAudience = (): LiveEvent[] => [{ type: 'system-notifications' }];

/** The facts of a member that decide which of their association's messages they read. */
export interface Audience {
  /** The member's own office code. */
  officeCode: string | null;
  memberTypeCode: string;
}

/**
 * Who reads a message: every member of its association, or of one office (an office-scope admin's message: the
 * office of its writer's MLS ID, not its branches nor its main office), and of the member types it names (decision 0800).
 */
export function readsMessage(r: Pick<AudienceRow, 'office_code' | 'member_types'>, a: Audience): boolean {
  return (
    (r.office_code === null || r.office_code === a.officeCode) && (r.member_types === null || r.member_types.includes(a.memberTypeCode))
  );
}
