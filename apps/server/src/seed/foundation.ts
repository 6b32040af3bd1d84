import { USER_CLASSES } from '@portico/shared';
import type { Queryable } from '../db/index';
import { hashPassword } from '../identity/credentials';
import { DEMO_ASSOCIATIONS } from './associations';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { FIRST_NAMES, LAST_NAMES, type Rng } from './random';

const OFFICE_LAYOUT = [
  { suffix: '100', main: '100', label: 'Realty' },
  { suffix: '101', main: '100', label: 'Realty - Branch' },
  { suffix: '102', main: '100', label: 'Realty - Coastal Branch' },
  { suffix: '200', main: '200', label: 'Properties' },
  { suffix: '201', main: '200', label: 'Properties - Branch' },
  { suffix: '300', main: '300', label: 'Home Group' },
  { suffix: '900', main: '900', label: 'Association Office' },
] as const;

const OFFICE_BRANDS = ['Harbor', 'Summit', 'Golden State', 'Bluewater', 'Keystone', 'Sierra', 'Pacific', 'Evergreen'];

/** The menu list that makes every seeded screen reachable (seed 000 section 2). */
export const DEMO_MENUS = [
  { menuType: 'nav', menu: 'main', path: '/', title: 'Home', viewOrder: 1 },
  { menuType: 'nav', menu: 'main', path: '/registered', title: 'Registered Listings', viewOrder: 2 },
  { menuType: 'nav', menu: 'main', path: '/articles/', title: 'Articles', viewOrder: 3 },
  { menuType: 'nav', menu: 'main', path: '/training', title: 'Training', viewOrder: 4 },
  { menuType: 'nav', menu: 'main', path: '/notifications', title: 'Notifications', viewOrder: 5 },
  { menuType: 'nav', menu: 'main', path: '/system-notifications', title: 'System Messages', viewOrder: 6 },
  { menuType: 'nav', menu: 'main', path: '/settings', title: 'Settings', viewOrder: 7 },
  { menuType: 'nav', menu: 'main', path: '/product_settings', title: 'Application Settings', viewOrder: 8 },
  { menuType: 'nav', menu: 'main', path: '/admin', title: 'Broker / AOR Center', viewOrder: 9, requires: 'admin' },
  { menuType: 'nav', menu: 'main', path: '/aor-messages', title: 'AOR Messages', viewOrder: 10, requires: 'aorAdmin' },
  { menuType: 'nav', menu: 'main', path: '/profile', title: 'Profile', viewOrder: 11 },
  { menuType: 'nav', menu: 'main', path: 'https://syndication.example-mls.org/', title: 'Syndication', viewOrder: 12, target: '_blank' },
  { menuType: 'nav', menu: 'user', path: '/account-settings', title: 'Account Settings', viewOrder: 20 },
  {
    menuType: 'quicklink',
    menu: 'main',
    path: 'https://www.example-mls.org/brokers',
    title: 'Brokers',
    viewOrder: 30,
    target: '_blank',
    color: 'blue',
  },
  {
    menuType: 'quicklink',
    menu: 'main',
    path: 'https://www.example-mls.org/compliance',
    title: 'Compliance',
    viewOrder: 31,
    target: '_blank',
    color: 'red',
  },
  {
    menuType: 'quicklink',
    menu: 'main',
    path: 'https://www.example-mls.org/education',
    title: 'Education',
    viewOrder: 32,
    target: '_blank',
    color: 'green',
  },
  {
    menuType: 'quicklink',
    menu: 'main',
    path: 'https://www.example-mls.org/knowledgebase',
    title: 'Knowledgebase',
    viewOrder: 33,
    target: '_blank',
    color: 'grape',
  },
  {
    menuType: 'quicklink',
    menu: 'main',
    path: 'https://www.example-mls.org/marketplace',
    title: 'Marketplace',
    viewOrder: 34,
    target: '_blank',
    color: 'orange',
  },
  {
    menuType: 'quicklink',
    menu: 'main',
    path: 'https://www.example-mls.org/support',
    title: 'Support',
    viewOrder: 35,
    target: '_blank',
    color: 'teal',
  },
  { menuType: 'nav', menu: 'main', path: '/cases', title: 'Member Insights', viewOrder: 13 },
  { menuType: 'nav', menu: 'main', path: '/comply/report-violation', title: 'Report a Violation', viewOrder: 14 },
] as const;

export async function seedFoundation(q: Queryable, rng: Rng): Promise<void> {
  const aorIds = new Map<string, number>();
  for (const a of DEMO_ASSOCIATIONS) {
    const row = await q.one<{ id: number }>(
      'INSERT INTO associations (short_name, name, logo_url, time_zone) VALUES ($1, $2, $3, $4) RETURNING id',
      [a.code, a.name, `/logos/${a.code}.svg`, 'timeZone' in a ? a.timeZone : null],
    );
    aorIds.set(a.code, row!.id);
  }

  const offices: Array<{ id: number; code: string; aor: string; system: string; isStaff: boolean }> = [];
  const addOffice = async (code: string, main: string, name: string, aor: string, system: string, city: string) => {
    const row = await q.one<{ id: number }>(
      `INSERT INTO offices (office_code, name, main_office_code, aor_id, originating_system_id, phone, city)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [code, name, main, aorIds.get(aor), system, `(${rng.int(200, 989)}) 555-${String(rng.int(1000, 9999))}`, city],
    );
    offices.push({ id: row!.id, code, aor, system, isStaff: code.endsWith('900') || code === 'MLS000' });
  };
  for (const a of DEMO_ASSOCIATIONS) {
    for (const layout of OFFICE_LAYOUT) {
      const brand = rng.pick(OFFICE_BRANDS);
      const name = layout.suffix === '900' ? a.name : `${brand} ${layout.label}`;
      await addOffice(`${a.code}${layout.suffix}`, `${a.code}${layout.main}`, name, a.code, a.system, rng.pick(a.cities));
    }
  }
  await addOffice('MLS000', 'MLS000', 'MLS Headquarters', 'OC', 'CRM', 'Diamond Bar');
  const officeByCode = new Map(offices.map((o) => [o.code, o]));

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const insertMember = async (m: {
    loginId: string;
    firstName: string;
    lastName: string;
    userClass: string;
    officeCode: string;
    aor: string;
    system: string;
    isCrmlsAdmin?: boolean;
    isCrmlsAorAdmin?: boolean;
    isCrmlsOfficeAdmin?: boolean;
    requiredPasswordUpdate?: boolean;
    assistantTo?: string;
  }) => {
    const office = officeByCode.get(m.officeCode)!;
    const row = await q.one<{ id: number }>(
      `INSERT INTO members (login_id, first_name, last_name, display_name, email, user_class, broker_code, broker_branch,
         agent_code, office_id, aor_id, member_is_assistant_to, mls_security_class, originating_system_id, state_license,
         is_crmls_admin, is_crmls_aor_admin, is_crmls_office_admin, required_password_update, phone)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20) RETURNING id`,
      [
        m.loginId,
        m.firstName,
        m.lastName,
        `${m.firstName} ${m.lastName}`,
        `${m.loginId.toLowerCase()}@members.example-mls.org`,
        m.userClass,
        m.officeCode.replace(/\d+$/, '100'),
        m.officeCode,
        m.loginId.toUpperCase(),
        office.id,
        aorIds.get(m.aor),
        m.assistantTo ?? null,
        m.userClass,
        m.system,
        String(rng.int(1_000_000, 2_199_999)).padStart(8, '0'),
        !!m.isCrmlsAdmin,
        !!m.isCrmlsAorAdmin,
        !!m.isCrmlsOfficeAdmin,
        !!m.requiredPasswordUpdate,
        `(${rng.int(200, 989)}) 555-${String(rng.int(1000, 9999))}`,
      ],
    );
    await q.query('INSERT INTO accounts (login_id, password_hash, member_id) VALUES ($1, $2, $3)', [m.loginId, passwordHash, row!.id]);
    return row!.id;
  };

  for (const demo of DEMO_ACCOUNTS) {
    if (demo.member?.eulaPending) continue; // seeded last (seed/eula.ts)
    if (demo.member) await insertMember({ loginId: demo.loginId, ...demo.member });
    else await q.query('INSERT INTO accounts (login_id, password_hash, member_id) VALUES ($1, $2, NULL)', [demo.loginId, passwordHash]);
  }

  // Members of every user class across every association and originating system.
  let n = 0;
  for (const office of offices) {
    const count = office.code === 'MLS000' ? 4 : office.isStaff ? 3 : rng.int(8, 14);
    for (let i = 0; i < count; i++) {
      const userClass = office.isStaff
        ? rng.pick(office.code === 'MLS000' ? ['BANGP', 'BANGQ', 'BANGG', 'AS', 'TA'] : ['BANGM', 'BANGN', 'BANGL', 'BANGK'])
        : i === 0 && office.code.endsWith('00')
          ? rng.pick(['CB', 'DB', 'DN', 'HB'])
          : USER_CLASSES[n % USER_CLASSES.length];
      n++;
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      await insertMember({
        loginId: `${office.aor}${String(n).padStart(5, '0')}`,
        firstName,
        lastName,
        userClass,
        officeCode: office.code,
        aor: office.aor,
        system: office.system,
      });
    }
  }

  for (const m of DEMO_MENUS) {
    await q.query(
      `INSERT INTO dynamic_menus (menu_type, menu, path, title, target, view_order, color, requires)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        m.menuType,
        m.menu,
        m.path,
        m.title,
        'target' in m ? m.target : '_self',
        m.viewOrder,
        'color' in m ? m.color : null,
        'requires' in m ? m.requires : null,
      ],
    );
  }

  const oc100 = officeByCode.get('OC100')!;
  await q.query(
    `INSERT INTO access_control_rules (owner_type, owner_id, type, name, key, value, action, operator) VALUES
     ('office', $1, 'menu', 'Hide training for branch staff', 'path', '/training', 'allow', 'equals'),
     ('office', $1, 'both', 'Syndication participation', 'syndication', 'enabled', 'allow', 'equals')`,
    [oc100.id],
  );
}
