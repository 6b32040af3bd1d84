import { articleAdminScope, articlesContainer, canManageArticles, MEDIA_MESSAGES as T, type Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { AppError, forbidden } from '../../lib/errors';
import { associationExists, pathsMadeBy } from './repository';

/** Who may open the media manager at all: whoever manages articles (brokers, association and MLS staff). */
export const mayUseMedia = canManageArticles;

/**
 * The container a member may work in (decision 0821): their own association's (`articles/{aorId}`); MLS staff, who
 * manage every article, any association's. Asked for none, the member's own.
 */
export async function containerFor(q: Queryable, viewer: Viewer, asked: string | undefined): Promise<string> {
  const scope = articleAdminScope(viewer);
  const own = viewer.aorId ? articlesContainer(viewer.aorId) : null;
  const container = asked ?? own;
  if (!scope || !container) throw forbidden(T.containerDenied);
  if (container === own) return container;
  if (scope.kind !== 'all') throw forbidden(T.containerDenied);
  const aorId = Number(container.split('/')[1]);
  if (!(await associationExists(q, aorId))) throw new AppError('NOT_FOUND', 'The association was not found.');
  return container;
}

/**
 * Who renames and deletes what in a container (decision 0821, "Who may rename and delete"): MLS staff and staff of the
 * container's association anything; everybody else who may use the container (its brokers and office admins) only
 * what they made themselves, a folder only when everything in it is theirs too.
 */
export function changesEverything(viewer: Viewer, container: string): boolean {
  const scope = articleAdminScope(viewer);
  if (scope?.kind === 'all') return true;
  return scope?.kind === 'association' && container === articlesContainer(scope.aorId);
}

export async function mustMayChange(q: Queryable, viewer: Viewer, container: string, paths: string[]): Promise<void> {
  if (changesEverything(viewer, container)) return;
  const mine = await pathsMadeBy(q, container, paths, viewer.memberId);
  if (paths.some((p) => !mine.has(p))) throw forbidden(T.notYours);
}
