import type { Db, Queryable } from '../../db/index';
import { endOtherSessions } from '../../identity/sessions';
import { notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { type AccountSecurityRow, findAccountByLoginId, setDeactivated, unlockAccount } from './repository';

async function accountOf(db: Db, loginId: string): Promise<AccountSecurityRow> {
  const account = await findAccountByLoginId(db, loginId);
  if (!account) throw notFound('The account');
  return account;
}

/** The guards' row (routes.ts): the sign-in account named by the path's login id (staff reach every account). */
export const accountInPath = rowLoader<AccountSecurityRow, { params: { loginId: string } }>(
  'sign-in account (loginId)',
  notFound('The account').message,
  ({ db, params }) => findAccountByLoginId(db, params.loginId),
);

/** The guards' row of the actions: the sign-in account named by the body's login id. */
export const accountInBody = rowLoader<AccountSecurityRow, { body: { loginId: string } }>(
  'sign-in account (body loginId)',
  notFound('The account').message,
  ({ db, body }) => findAccountByLoginId(db, body.loginId),
);

export async function unlock(db: Db, loginId: string, also?: (q: Queryable) => Promise<void>): Promise<AccountSecurityRow> {
  const account = await accountOf(db, loginId);
  await db.tx(async (q) => {
    await unlockAccount(q, account.id);
    await also?.(q);
  });
  return accountOf(db, loginId);
}

/** Deactivation refuses sign-in and ends every session of the account at once (decision 0901); reactivation lets it sign in again. */
export async function deactivate(
  db: Db,
  loginId: string,
  deactivated: boolean,
  also?: (q: Queryable) => Promise<void>,
): Promise<AccountSecurityRow> {
  const account = await accountOf(db, loginId);
  await db.tx(async (q) => {
    await setDeactivated(q, account.id, deactivated);
    if (deactivated) await endOtherSessions(q, account.id, null);
    await also?.(q);
  });
  return accountOf(db, loginId);
}
