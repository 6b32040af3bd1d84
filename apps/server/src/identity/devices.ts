import { describeSessionDevice, type SecurityEventResult } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, recordSignIn } from '../modules/member-sessions/index';
import { noteSignIn } from '../modules/second-factor-policy/index';
import { securityEvent } from '../modules/security-activity/index';
import { recordSignInSignals } from '../modules/shared-logins/index';

/** The value of one cookie of the request (the sign-in pages read only the device cookie, so no cookie plugin). */
export function cookieOf(req: FastifyRequest, name: string): string | null {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}

/**
 * A finished sign-in is recorded with its browser (issue 32 §1, decision 1121); a browser the account had not seen
 * gets the device cookie, scoped to the sign-in pages, kept for DEVICE_COOKIE_DAYS. The provider's own cookies are
 * on the raw response already: this one is added beside them.
 */
export async function rememberSignIn(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  accountId: number,
  grantId: string | null,
  how = '',
): Promise<void> {
  const event = await securityEvent(req, { accountId, kind: 'sign-in', detail: how });
  const key = await recordSignIn(
    { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, timeZone: app.config.mlsTimeZone },
    { accountId, grantId, userAgent: String(req.headers['user-agent'] ?? ''), address: req.ip, deviceKey: cookieOf(req, DEVICE_COOKIE) },
    async (q, recorded) => {
      await event(q);
      // Issue 32 §5: the sign-in's signals and the flags they raise, in the same transaction (decision 1152).
      await recordSignInSignals(q, {
        accountId,
        grantId,
        deviceId: recorded.deviceId,
        device: describeSessionDevice(recorded.device),
        address: req.ip,
        place: recorded.place,
      });
    },
  );
  // A covered member without a second factor uses one sign-in of grace (decision 1122).
  await noteSignIn(app.db, accountId, app.config.mlsTimeZone);
  if (!key) return;
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = `${DEVICE_COOKIE}=${key}; Path=/signin; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure}`;
  const existing = reply.raw.getHeader('set-cookie');
  const list = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  reply.raw.setHeader('set-cookie', [...list, cookie]);
}

/**
 * A sign-in try of a known account that failed (a wrong password or code) or was refused while locked: an event of the
 * member's Security activity (decision 1130), written beside the counted try (which its own statement already took).
 */
export async function recordFailedSignIn(
  app: FastifyInstance,
  req: FastifyRequest,
  accountId: number | null,
  result: Exclude<SecurityEventResult, 'success'>,
  detail: string,
): Promise<void> {
  if (!accountId) return;
  await (await securityEvent(req, { accountId, kind: 'sign-in', result, detail }))(app.db);
}
