import { defaultMessageTitle } from '@portico/shared';
import type { Queryable } from '../db/index';
import { createSystemNotification } from '../modules/system-notifications/index';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);
const idOf = async (q: Queryable, sql: string, value: string) => (await q.one<{ id: number }>(sql, [value]))!.id;

/**
 * The Broker Center / AOR Center demo (seed 002; decisions 0800, 0801): admin messages of several types written by
 * the demo broker for office OC100, by the demo office manager for branch OC101 (the demo agent's office: an office
 * message reaches only the office of its writer's MLS ID) and by the demo association staff for Orange Coast, and the
 * resource materials of Orange Coast (brokers and staff) and of OC100.
 */
export async function seedAdmin(q: Queryable): Promise<void> {
  const oc = await idOf(q, 'SELECT id FROM associations WHERE short_name = $1', 'OC');
  const oc100 = await idOf(q, 'SELECT id FROM offices WHERE office_code = $1', 'OC100');
  const oc101 = await idOf(q, 'SELECT id FROM offices WHERE office_code = $1', 'OC101');
  const broker = await idOf(q, 'SELECT id FROM members WHERE login_id = $1', 'broker');
  const manager = await idOf(q, 'SELECT id FROM members WHERE login_id = $1', 'manager');
  const staff = await idOf(q, 'SELECT id FROM members WHERE login_id = $1', 'aorstaff');
  const office = await q.one<{ name: string; code: string }>('SELECT name, office_code AS code FROM offices WHERE id = $1', [oc100]);
  const aor = await q.one<{ name: string; shortName: string }>('SELECT name, short_name AS "shortName" FROM associations WHERE id = $1', [
    oc,
  ]);
  const messages = [
    {
      title: defaultMessageTitle(true, office, null),
      message: 'Office meeting this Thursday at 9:00 AM in the main conference room.',
      statusId: 1,
      age: 3,
      expires: 10,
      by: broker,
      officeId: oc100,
      memberTypes: null,
      url: null,
    },
    {
      title: 'Lockbox keys must be returned',
      message: 'Please return borrowed lockbox keys to the front desk by Friday.',
      statusId: 3,
      age: 1,
      expires: 5,
      by: manager,
      officeId: oc101,
      memberTypes: null,
      url: null,
    },
    {
      title: 'Commission checks are ready',
      message: 'Commission checks for last month can be picked up at the front desk.',
      statusId: 4,
      age: 0.5,
      expires: 14,
      by: broker,
      officeId: oc100,
      memberTypes: null,
      url: null,
    },
    {
      title: defaultMessageTitle(false, null, aor),
      message: 'Annual membership renewal opens next week. Renew online to keep your MLS access.',
      statusId: 1,
      age: 6,
      expires: 30,
      by: staff,
      officeId: null,
      memberTypes: null,
      url: 'https://www.example-mls.org/renewal',
    },
    {
      title: 'Broker roundtable',
      message: 'Brokers and office managers are invited to the quarterly roundtable.',
      statusId: 1,
      age: 2,
      expires: 20,
      by: staff,
      officeId: null,
      memberTypes: ['B', 'OM'],
      url: null,
    },
    {
      title: 'Ethics course deadline',
      message: 'Agents who have not completed the ethics course must finish it this month.',
      statusId: 3,
      age: 4,
      expires: 25,
      by: staff,
      officeId: null,
      memberTypes: ['A'],
      url: null,
    },
  ];
  for (const m of messages) {
    await createSystemNotification(q, {
      title: m.title,
      message: m.message,
      position: 'dash',
      url: m.url,
      statusId: m.statusId,
      aorId: oc,
      officeId: m.officeId,
      memberTypes: m.memberTypes,
      createdByMemberId: m.by,
      source: 'AOR',
      createdOn: days(-m.age),
      expiresOn: days(m.expires),
    });
  }
  // Written when they were created; never changed since.
  await q.query('UPDATE system_notifications SET modified_on = created_on WHERE created_by_member_id IS NOT NULL');
  const resources = [
    { officeId: null, isBroker: true, url: 'https://www.example-mls.org/oc/broker-resources', password: 'OcBrokers#2026' },
    { officeId: null, isBroker: false, url: 'https://www.example-mls.org/oc/aor-resources', password: 'OcStaff#2026' },
    { officeId: oc100, isBroker: true, url: 'https://www.example-mls.org/oc100/broker-resources', password: 'OC100#Resources' },
  ];
  for (const r of resources) {
    await q.query(
      `INSERT INTO resource_materials (aor_id, office_id, is_broker, url, image, password, info_url, info_image)
       VALUES ($1, $2, $3, $4, '/admin/resource-materials.svg', $5, 'https://www.example-mls.org/support', '/admin/support-page.svg')`,
      [oc, r.officeId, r.isBroker, r.url, r.password],
    );
  }
}
