import type { Viewer } from '@portico/shared';
import { forbidden } from '../../lib/errors';

/** A member sees and changes only their own second factors; nobody else's, whatever their level. */
export function assertOwnFactors(viewer: Viewer, memberId: number): void {
  if (viewer.memberId !== memberId) throw forbidden('You may only manage your own second factors.');
}
