import type { Viewer } from '@portico/shared';

/** A member reads their own rules and their own office's; MLS admins read anyone's. */
export const readsMemberRules = (viewer: Viewer, memberId: number) => memberId === viewer.memberId || viewer.isCrmlsAdmin;
export const readsOfficeRules = (viewer: Viewer, officeId: number) => officeId === viewer.officeId || viewer.isCrmlsAdmin;

/** The guards' predicates (routes.ts): the member or office named by the path, as `readsMemberRules`/`readsOfficeRules`. */
export const mayReadMemberRules = (viewer: Viewer, owner: { id: number }) => readsMemberRules(viewer, owner.id);
export const mayReadOfficeRules = (viewer: Viewer, owner: { id: number }) => readsOfficeRules(viewer, owner.id);
