import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from '../db/index';
import { verifySignIn } from '../identity/credentials';
import { isEulaExpired } from '../modules/eula/index';
import { DEMO_PASSWORD } from './demo-accounts';
import { seedDemoIfEmpty } from './index';
import { parseScaleArgs, seedScale } from './scale';

const SCALE_MEMBER = "login_id ~ '^[A-Z]{2,3}M[0-9]{7}$'";

describe('scale seed', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await seedDemoIfEmpty(db);
    await seedScale(db, { members: 1400 });
  });
  afterAll(() => db.close());

  it('adds the members, one account each, all sharing one hash of the demo password', async () => {
    const counts = await db.one<{ members: number; accounts: number; hashes: number }>(
      `SELECT count(*)::int AS members, count(a.id)::int AS accounts, count(DISTINCT a.password_hash)::int AS hashes
       FROM members m LEFT JOIN accounts a ON a.member_id = m.id WHERE m.${SCALE_MEMBER}`,
    );
    expect(counts).toEqual({ members: 1400, accounts: 1400, hashes: 1 });
    const hash = await db.one<{ password_hash: string }>(`SELECT password_hash FROM accounts WHERE ${SCALE_MEMBER} LIMIT 1`);
    expect(await verify(hash!.password_hash, DEMO_PASSWORD)).toBe(true);
    const signIn = await verifySignIn(db, 'OCM0000041', DEMO_PASSWORD);
    expect(signIn.ok).toBe(true);
  });

  it('places members in main offices and branches across all 13 associations, in their originating system', async () => {
    const spread = await db.one<{ aors: number; orphans: number; mismatched: number; branches: number }>(
      `SELECT count(DISTINCT m.aor_id)::int AS aors,
              count(*) FILTER (WHERE main.id IS NULL)::int AS orphans,
              count(*) FILTER (WHERE m.aor_id <> o.aor_id OR m.originating_system_id <> o.originating_system_id
                               OR main.aor_id <> o.aor_id)::int AS mismatched,
              count(*) FILTER (WHERE o.office_code <> o.main_office_code)::int AS branches
       FROM members m JOIN offices o ON o.id = m.office_id LEFT JOIN offices main ON main.office_code = o.main_office_code
       WHERE m.${SCALE_MEMBER}`,
    );
    expect(spread).toMatchObject({ aors: 13, orphans: 0, mismatched: 0 });
    expect(spread!.branches).toBeGreaterThan(700);
  });

  it('adds nothing when run again with the same count, and only the difference for a larger one', async () => {
    await seedScale(db, { members: 1400 });
    await seedScale(db, { members: 1450 });
    const n = await db.one<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT login_id)::int AS distinct FROM members WHERE ${SCALE_MEMBER}`,
    );
    expect(n).toEqual({ n: 1450, distinct: 1450 });
  });

  it('adds association and MLS staff across the associations, each with an account, once', async () => {
    await seedScale(db, { staff: 26 });
    await seedScale(db, { staff: 26 });
    const staff = await db.one<{ n: number; accounts: number; aors: number; mls: number; aorAdmins: number; homeless: number }>(
      `SELECT count(*)::int AS n, count(acc.id)::int AS accounts, count(DISTINCT m.aor_id)::int AS aors,
              count(*) FILTER (WHERE m.user_class = 'BANGP')::int AS mls, count(*) FILTER (WHERE m.is_crmls_aor_admin)::int AS "aorAdmins",
              count(*) FILTER (WHERE o.aor_id IS DISTINCT FROM m.aor_id)::int AS homeless
       FROM members m JOIN accounts acc ON acc.member_id = m.id LEFT JOIN offices o ON o.id = m.office_id
       WHERE m.login_id ~ '^[A-Z]{2,3}T[0-9]{7}$'`,
    );
    expect(staff).toEqual({ n: 26, accounts: 26, aors: 13, mls: 2, aorAdmins: 6, homeless: 0 });
  });

  it('has every member accept the EULA but the demo one who has not (neweula), who is seeded last', async () => {
    const pending = await db.query<{ login_id: string }>(
      `SELECT m.login_id FROM members m WHERE NOT EXISTS (SELECT 1 FROM eula_acceptances a WHERE a.member_id = m.id)`,
    );
    expect(pending.map((r) => r.login_id)).toEqual(['neweula']);
    expect(await isEulaExpired(db, (await db.one<{ id: number }>("SELECT id FROM members WHERE login_id = 'neweula'"))!.id)).toBe(true);
    const last = await db.one<{ login_id: string }>(
      `SELECT login_id FROM members WHERE login_id !~ '^[A-Z]{2,3}[MT][0-9]{7}$' ORDER BY id DESC LIMIT 1`,
    );
    expect(last?.login_id).toBe('neweula');
    const signed = await db.one<{ n: number }>("SELECT count(*)::int AS n FROM eula_acceptances WHERE signature IS NULL OR signature = ''");
    expect(signed?.n).toBe(0);
  });

  it('reads --option N pairs and refuses anything else', () => {
    expect(parseScaleArgs(['--members', '100_000'])).toEqual({ counts: { members: 100000 } });
    expect(parseScaleArgs(['--members=250'])).toEqual({ counts: { members: 250 } });
    expect(parseScaleArgs(['--members', '-3'])).toHaveProperty('error');
    expect(parseScaleArgs(['--members'])).toHaveProperty('error');
    expect(parseScaleArgs(['--planets', '3'])).toEqual({ error: 'Unknown option: --planets' });
  });
});
