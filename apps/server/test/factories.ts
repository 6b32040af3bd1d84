import type { MEMBER_TYPES } from '@portico/shared';
import type { Db } from '../src/db/index';

let sequence = 0;
const next = () => ++sequence;

const CLASS_FOR_TYPE: Record<string, string> = {
  Agent: 'AG',
  Broker: 'CB',
  'Office Manager': 'OM',
  'Office Assistant': 'OA',
  'Personal Assistant': 'PA',
  Appraiser: 'AP',
  Photographer: 'PH',
  Reciprocal: 'OD',
  Vendor: 'TP',
  Affiliate: 'AF',
  'Association Staff': 'BANGM',
  'MLS Staff': 'BANGP',
  'System Staff': 'TA',
  Other: 'ZZ',
};

export interface BuiltMember {
  memberId: number;
  accountId: number;
  loginId: string;
  officeId: number;
  officeCode: string;
  aorId: number;
}

/** Test data builders: every test makes the members it needs; the demo seed is for people. */
export function createFactories(db: Db) {
  async function buildAssociation(shortName = `T${next()}`) {
    const row = await db.one<{ id: number }>('INSERT INTO associations (short_name, name, logo_url) VALUES ($1, $2, NULL) RETURNING id', [
      shortName,
      `${shortName} Association`,
    ]);
    return { id: row!.id, shortName };
  }

  async function buildOffice(opts: { aorId?: number; mainOfficeCode?: string; code?: string } = {}) {
    const aorId = opts.aorId ?? (await buildAssociation()).id;
    const code = opts.code ?? `OF${next()}`;
    const row = await db.one<{ id: number }>(
      `INSERT INTO offices (office_code, name, main_office_code, aor_id, originating_system_id) VALUES ($1, $2, $3, $4, 'CRM') RETURNING id`,
      [code, `Office ${code}`, opts.mainOfficeCode ?? code, aorId],
    );
    return { id: row!.id, code, aorId };
  }

  async function buildMember(
    opts: {
      type?: (typeof MEMBER_TYPES)[number]['name'];
      userClass?: string;
      office?: { id: number; code: string; aorId: number };
      system?: string;
      isCrmlsAdmin?: boolean;
      isCrmlsAorAdmin?: boolean;
      isCrmlsOfficeAdmin?: boolean;
      requiredPasswordUpdate?: boolean;
      passwordHash?: string;
    } = {},
  ): Promise<BuiltMember> {
    const office = opts.office ?? (await buildOffice());
    const n = next();
    const loginId = `member${n}`;
    const userClass = opts.userClass ?? CLASS_FOR_TYPE[opts.type ?? 'Agent'];
    const row = await db.one<{ id: number }>(
      `INSERT INTO members (login_id, first_name, last_name, display_name, email, user_class, office_id, aor_id,
         originating_system_id, is_crmls_admin, is_crmls_aor_admin, is_crmls_office_admin, required_password_update)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        loginId,
        `First${n}`,
        `Last${n}`,
        `First${n} Last${n}`,
        `${loginId}@example.test`,
        userClass,
        office.id,
        office.aorId,
        opts.system ?? 'CRM',
        !!opts.isCrmlsAdmin,
        !!opts.isCrmlsAorAdmin,
        !!opts.isCrmlsOfficeAdmin,
        !!opts.requiredPasswordUpdate,
      ],
    );
    const account = await db.one<{ id: number }>(
      'INSERT INTO accounts (login_id, password_hash, member_id) VALUES ($1, $2, $3) RETURNING id',
      [loginId, opts.passwordHash ?? 'unusable', row!.id],
    );
    return { memberId: row!.id, accountId: account!.id, loginId, officeId: office.id, officeCode: office.code, aorId: office.aorId };
  }

  async function buildAccountWithoutMember(passwordHash = 'unusable') {
    const loginId = `nomember${next()}`;
    const row = await db.one<{ id: number }>('INSERT INTO accounts (login_id, password_hash) VALUES ($1, $2) RETURNING id', [
      loginId,
      passwordHash,
    ]);
    return { accountId: row!.id, loginId };
  }

  return { buildAssociation, buildOffice, buildMember, buildAccountWithoutMember };
}
