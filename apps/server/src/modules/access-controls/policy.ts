import type { Viewer } from '@portico/shared';

/** A member reads their own rules and their own office's; MLS admins read anyone's. */
export const readsMemberRules = (viewer: Viewer, memberId: number) => memberId === viewer.memberId || viewer.isCrmlsAdmin;
export const readsOfficeRules = (viewer: Viewer, officeId: number) => officeId === viewer.officeId || viewer.isCrmlsAdmin;
