import type { Viewer } from '@portico/shared';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index';
import type { GuardKind } from './guard';

/** Staff whose writes the audit trail keeps: association staff (level 4) and MLS staff (level 5). */
export const AUDITED_LEVEL = 4;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a call is a staff write the trail keeps: a write through a policy- or row-guarded route by staff. */
export function isAuditedWrite(method: string, guardKind: GuardKind, viewer: Viewer | null): boolean {
  // The guard first: most calls are reads of other guards, answered without a look at the method.
  return (guardKind === 'policy' || guardKind === 'row') && WRITES.has(method.toUpperCase()) && !!viewer && viewer.level >= AUDITED_LEVEL;
}

const ID_FIELD = /^(id|login|loginId|.+Id|.+Ids)$/i;

/**
 * On whom or which record: the guarded row's login and id, the path's parameters, and the body's id fields (never any
 * other body field: no text, password or secret reaches the trail). 'login=jdoe; id=12; memberId=40'.
 */
export function subjectOf(params: unknown, body: unknown, row: unknown): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (Array.isArray(value) && value.every((v) => typeof v === 'number')) value = value.slice(0, 20).join(',');
    if ((typeof value !== 'string' && typeof value !== 'number') || String(value).length > 80 || String(value) === '') return;
    const part = `${key}=${value}`;
    if (!parts.includes(part)) parts.push(part);
  };
  if (row && typeof row === 'object') {
    const r = row as Record<string, unknown>;
    add('login', r.login_id ?? r.loginId);
    add('id', r.id);
  }
  for (const [key, value] of Object.entries((params as Record<string, unknown>) ?? {})) add(key, value);
  if (body && typeof body === 'object' && !Array.isArray(body))
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) if (ID_FIELD.test(key)) add(key, value);
  return parts.join('; ').slice(0, 500);
}

export interface StaffWrite {
  viewer: Viewer;
  accountId: number | null;
  action: string;
  area: string;
  route: string;
  subject: string;
}

/** Appends one row to the staff audit trail (migration 1131 refuses updates and deletes). */
export async function recordStaffWrite(q: Queryable, req: Pick<FastifyRequest, 'ip' | 'headers'>, w: StaffWrite): Promise<void> {
  await q.query(
    `INSERT INTO staff_audit_events (actor_account_id, actor_login, actor_name, actor_level, action, area, route, subject, client_address, user_agent)
     VALUES ($1, $2, COALESCE((SELECT display_name FROM members WHERE id = $3), ''), $4, $5, $6, $7, $8, $9, $10)`,
    [
      w.accountId,
      w.viewer.loginId,
      w.viewer.memberId,
      w.viewer.level,
      w.action.slice(0, 100),
      w.area.slice(0, 60),
      w.route.slice(0, 300),
      w.subject,
      String(req.ip ?? '').slice(0, 64),
      String(req.headers['user-agent'] ?? '').slice(0, 300),
    ],
  );
}
