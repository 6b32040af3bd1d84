import type { Queryable } from '../db/index';
import { createNotifications, type NewNotification } from '../modules/notifications/index';
import { createSystemNotification } from '../modules/system-notifications/index';
import { DEMO_ACCOUNTS } from './demo-accounts';
import type { Rng } from './random';

export const CAMPAIGN_TYPES = [
  'MLS Announcements',
  'Billing',
  'Training',
  'Compliance',
  'Listing Alerts',
  'Association News',
  'Events',
  'Product Updates',
] as const;

const STREETS = ['Main St', 'Ocean Ave', 'Beach Blvd', 'Harbor Dr', 'Pacific Coast Hwy', 'Elm St', 'Sunset Ln', 'Warner Ave'];
const COURSES = ['Pricing Strategies', 'Contract Basics', 'Fair Housing', 'Advanced Search', 'Social Media for Agents', 'CMA Workshop'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function message(rng: Rng, category: string): { subject: string; body: string } {
  const address = `${rng.int(100, 9999)} ${rng.pick(STREETS)}`;
  const listing = `OC${rng.int(24_000_000, 26_999_999)}`;
  switch (category) {
    case 'Billing': {
      const month = rng.pick(MONTHS);
      return {
        subject: `Your ${month} MLS dues invoice`,
        body: `<p>Your MLS dues invoice for ${month} is ready. The amount is <strong>$${rng.int(90, 160)}</strong>, due by the 15th.</p><p>Pay online in Account Settings to avoid a late fee.</p>`,
      };
    }
    case 'Training': {
      const course = rng.pick(COURSES);
      return {
        subject: `Training: ${course} on ${rng.pick(MONTHS)} ${rng.int(1, 28)}`,
        body: `<p>You are invited to <em>${course}</em>, a free class for members.</p><ul><li>Two hours, online</li><li>Continuing education credit</li></ul><p>Register from the Training page.</p>`,
      };
    }
    case 'Compliance':
      return {
        subject: `Compliance notice: listing ${listing} at ${address}`,
        body: `<p>Listing <strong>${listing}</strong> at ${address} is missing required photos or remarks. Please correct it within 48 hours.</p><p><a href="https://www.example-mls.org/compliance" target="_blank">Read the rules</a>.</p>`,
      };
    case 'Listing Alerts':
      return {
        subject: `Price change on ${address}`,
        body: `<p>A listing you follow, ${address} (${listing}), changed price to <strong>$${(rng.int(55, 240) * 10_000).toLocaleString('en-US')}</strong>.</p>`,
      };
    case 'Events':
      return {
        subject: `Event reminder: ${rng.pick(['Broker Breakfast', 'Tech Expo', 'Charity Golf Day', 'Networking Mixer'])}`,
        body: '<p>Join fellow members this month. Seats are limited; reply to reserve yours.</p>',
      };
    case 'Product Updates':
      return {
        subject: `What is new in the portal: ${rng.pick(['saved searches', 'passkeys', 'the dashboard', 'registered listings'])}`,
        body: '<p>We shipped improvements based on your feedback. See the release notes for details.</p>',
      };
    case 'Association News':
      return {
        subject: `Association news for ${rng.pick(MONTHS)}`,
        body: '<p>Board highlights, new members and upcoming dates from your association.</p>',
      };
    default:
      return {
        subject: `MLS announcement: ${rng.pick(['scheduled maintenance', 'new data fields', 'rule update', 'holiday hours'])}`,
        body: '<p>Please read this announcement from the MLS. It applies to all members.</p>',
      };
  }
}

/** Notifications for every demo member; the demo agent gets 1,250 of them (paging and search at scale). */
export async function seedNotifications(q: Queryable, rng: Rng): Promise<void> {
  const typeIds: number[] = [];
  for (const name of CAMPAIGN_TYPES) {
    // A type a migration already made (1080's 'Compliance') is taken as it is.
    const type = await q.one<{ id: number }>(
      'INSERT INTO campaign_types (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id',
      [name],
    );
    typeIds.push(type!.id);
  }
  const items: NewNotification[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    if (!demo.member) continue;
    const member = await q.one<{ id: number }>('SELECT id FROM members WHERE login_id = $1', [demo.loginId]);
    if (!member) continue;
    items.push(...notificationsFor(rng, member.id, typeIds, demo.loginId === 'agent' ? 1_250 : rng.int(25, 60)));
  }
  await createNotifications(q, items);
}

/**
 * `count` notifications for one member over the last two years, of every campaign type (`typeIds` in the order
 * of CAMPAIGN_TYPES). The newest few (`first` 0-4 of a member's list) are unread; older ones mostly read.
 */
export function notificationsFor(rng: Rng, memberId: number, typeIds: number[], count: number, first = 0): NewNotification[] {
  return Array.from({ length: count }, (_, n) => {
    const i = first + n;
    const t = rng.int(0, Math.min(typeIds.length, CAMPAIGN_TYPES.length) - 1);
    const ageMinutes = i < 5 ? i * 90 + rng.int(0, 60) : rng.int(60 * 24, 60 * 24 * 730);
    return {
      memberId,
      campaignTypeId: typeIds[t],
      ...message(rng, CAMPAIGN_TYPES[t]),
      priority: rng.int(0, 2),
      isRead: i >= 5 && rng.chance(0.7),
      createdOn: new Date(Date.now() - ageMinutes * 60_000),
    };
  });
}

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/**
 * System messages of every position and status. Dash ones go to everybody. The popups (popover, modal,
 * simpleModal) go to Southwest Bayou only (the demo `swlar`), so that they never block the other demo
 * sign-ins' journeys (docs/decisions/0102).
 */
export async function seedSystemNotifications(q: Queryable): Promise<void> {
  const sb = (await q.one<{ id: number }>("SELECT id FROM associations WHERE short_name = 'SB'"))!.id;
  const oc = (await q.one<{ id: number }>("SELECT id FROM associations WHERE short_name = 'OC'"))!.id;
  const all = [
    {
      title: 'Welcome to the new member portal',
      message: '<p>Your dashboard, articles and messages are now in one place.</p>',
      position: 'dash',
      statusId: 1,
      aorId: null,
      age: 20,
      url: 'https://www.example-mls.org/knowledgebase',
    },
    {
      title: 'Scheduled maintenance this Sunday',
      message: '<p>The portal will be unavailable from <strong>2:00 to 4:00 AM</strong> on Sunday for maintenance.</p>',
      position: 'dash',
      statusId: 2,
      aorId: null,
      age: 2,
      url: null,
    },
    {
      title: 'Listing photos delayed',
      message: '<p>Photo uploads are processing slowly. New photos may take up to an hour to appear.</p>',
      position: 'dash',
      statusId: 3,
      aorId: null,
      age: 1,
      url: null,
    },
    {
      title: 'Photo processing restored',
      message: '<p>Photo uploads are back to normal speed. Thank you for your patience.</p>',
      position: 'dash',
      statusId: 4,
      aorId: null,
      age: 0.5,
      url: null,
    },
    {
      title: 'Tax records update completed',
      message: '<p>Public records were refreshed for every county we serve.</p>',
      position: 'dash',
      statusId: 4,
      aorId: null,
      age: 45,
      url: null,
      expires: -10,
    },
    {
      title: 'Holiday office hours',
      message: '<p>Association offices close early on the day before the holiday.</p>',
      position: 'dash',
      statusId: 1,
      aorId: oc,
      age: 3,
      url: 'https://www.example-mls.org/support',
      expires: 30,
    },
    {
      title: 'Old search map retired',
      message: '<p>The old search map was retired; the new map has every feature it had.</p>',
      position: 'dash',
      statusId: 1,
      aorId: null,
      age: 90,
      url: null,
      expires: -30,
    },
    {
      title: 'Security notice: passkeys available',
      message: '<p>You can now sign in with a passkey. Set one up in Account Settings.</p>',
      position: 'dash',
      statusId: 2,
      aorId: null,
      age: 7,
      url: null,
    },
    {
      title: 'Important: dues deadline',
      message: '<p>Dues must be paid by the end of the month to keep MLS access.</p>',
      position: 'modal',
      statusId: 2,
      aorId: sb,
      age: 1,
      url: 'https://www.example-mls.org/support',
    },
    {
      title: 'New rules take effect',
      message: '<p>Updated listing rules take effect on the first of next month.</p>',
      position: 'modal',
      statusId: 1,
      aorId: sb,
      age: 4,
      url: null,
    },
    {
      title: 'Service outage resolved',
      message: "<p>Yesterday's outage is resolved.</p>",
      position: 'simpleModal',
      statusId: 4,
      aorId: sb,
      age: 1.5,
      url: null,
    },
    {
      title: 'Tip of the day',
      message: '<p>Favourite your most-used applications to keep them first.</p>',
      position: 'popover',
      statusId: 1,
      aorId: sb,
      age: 2,
      url: null,
    },
    {
      title: 'Slow searches this morning',
      message: '<p>Some searches are slow; we are on it.</p>',
      position: 'popover',
      statusId: 2,
      aorId: sb,
      age: 0.2,
      url: null,
    },
    {
      title: 'Showing service error',
      message: '<p>The showing service is failing to book appointments.</p>',
      position: 'popover',
      statusId: 3,
      aorId: sb,
      age: 0.1,
      url: null,
    },
    {
      title: 'Showing service restored',
      message: '<p>Bookings work again.</p>',
      position: 'popover',
      statusId: 4,
      aorId: sb,
      age: 0.05,
      url: null,
    },
  ] as const;
  for (const n of all) {
    await createSystemNotification(q, {
      title: n.title,
      message: n.message,
      position: n.position,
      url: n.url,
      statusId: n.statusId,
      aorId: n.aorId,
      createdOn: days(-n.age),
      expiresOn: 'expires' in n ? days(n.expires) : null,
    });
  }
}
