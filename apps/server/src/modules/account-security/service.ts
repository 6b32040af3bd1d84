import type { Db } from '../../db/index';
import { endOtherSessions } from '../../identity/sessions';
import { notFound } from '../../lib/errors';
import { type AccountSecurityRow, findAccountByLoginId, setDeactivated, unlockAccount } from './repository';

async function accountOf(db: Db, loginId: string): Promise<AccountSecurityRow> {
  const account = await findAccountByLoginId(db, loginId);
  if (!account) throw notFound('The account');
  return account;
}

export const readAccountSecurity = accountOf;

export async function unlock(db: Db, loginId: string): Promise<AccountSecurityRow> {
  const account = await accountOf(db, loginId);
  await unlockAccount(db, account.id);
  return accountOf(db, loginId);
}

/** Deactivation refuses sign-in and ends every session of the account at once (decision 0901); reactivation lets it sign in again. */
export async function deactivate(db: Db, loginId: string, deactivated: boolean): Promise<AccountSecurityRow> {
  const account = await accountOf(db, loginId);
  await db.tx(async (q) => {
    await setDeactivated(q, account.id, deactivated);
    if (deactivated) await endOtherSessions(q, account.id, null);
  });
  return accountOf(db, loginId);
}
