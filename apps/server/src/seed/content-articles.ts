import type { Queryable } from '../db/index';
import { createArticle } from '../modules/articles/index';
import type { Rng } from './random';

/** Categories: 1 (broker) and 10 (general) are the seed's defaults; the others give the dropdown substance. */
export const ARTICLE_CATEGORIES = [
  { id: 1, name: 'Broker' },
  { id: 2, name: 'Market Updates' },
  { id: 3, name: 'Technology' },
  { id: 4, name: 'Compliance' },
  { id: 5, name: 'Education' },
  { id: 6, name: 'Events' },
  { id: 10, name: 'General' },
] as const;

const AUTHORS = [
  { name: 'Dana Morales', photo: 1 },
  { name: 'Jordan Smith', photo: 2 },
  { name: 'Kiran Patel', photo: 3 },
  { name: 'Rachel Lee', photo: 4 },
  { name: 'Tomas Nguyen', photo: 5 },
  { name: 'Avery Walker', photo: 6 },
];

const TOPICS: Record<number, string[]> = {
  1: [
    'Broker Tip: Supervising Team Listings',
    'New Office Roster Tools for Brokers',
    'Managing Agent Onboarding in the Portal',
    'Broker Compliance Checklist for the Quarter',
    'Office Application Access, Explained',
    'Commission Disclosure Updates for Brokers',
    'Running Effective Sales Meetings',
    'Broker Responsibilities for Coming Soon Listings',
    'Reviewing Registered Listings Weekly',
    'Broker Resource Center: What Is New',
    'Setting Office-Wide Defaults',
    'Protecting Client Data in Your Office',
  ],
  2: [
    'Inventory Rises for the Third Straight Month',
    'Median Prices Hold Steady Across the Coast',
    'Days on Market Shorten in Spring',
    'Condo Sales Outpace Single-Family Homes',
    'Luxury Segment Sees Renewed Demand',
    'Interest Rates and Buyer Activity',
  ],
  3: [
    'Five Portal Shortcuts You Should Know',
    'Getting the Most from Your Showing App',
    'Two-Step Sign-In Is Now Available',
    'Using Passkeys to Sign In Faster',
    'New CMA Templates Are Live',
    'Keeping Your Listing Photos Sharp',
  ],
  4: [
    'Fair Housing Reminders for Listing Remarks',
    'Clear Cooperation: Frequently Asked Questions',
    'Avoiding Common Listing Violations',
    'Photo Rules: What Is Allowed',
    'Reporting a Rules Violation',
    'Updated Lockbox Access Policy',
  ],
  5: [
    'Free Course: Pricing Strategies',
    'Continuing Education Deadlines Approach',
    'Webinar Recap: Marketing to First-Time Buyers',
    'Learn the New Search Map',
    'Mentorship Program Opens Applications',
    'Contract Basics Workshop',
  ],
  6: [
    'Annual Installation Gala Tickets',
    'Community Volunteer Day',
    'Tech Expo Comes to Town',
    'Broker Breakfast Series Returns',
    'Charity Golf Tournament',
    'Holiday Toy Drive Drop-Off Points',
  ],
  10: [
    'Welcome to Your Reinvented Dashboard',
    'Association Office Holiday Hours',
    'Member Benefits You May Have Missed',
    'Your Membership Renewal Guide',
    'Meet the New Board of Directors',
    'How to Update Your Member Profile',
    'Staying Safe at Open Houses',
    'A Look Back at the Year',
    'New Member Orientation Dates',
    'Support Desk Hours Extended',
    'Tips for Writing Better Listing Remarks',
    'Community Spotlight: Local Food Banks',
  ],
};

const PARAGRAPHS = [
  'Members asked for clearer guidance, and this update answers the questions we heard most often at the front desk and in our classes.',
  'The changes take effect at the start of next month. Until then, nothing about your daily work changes, and the old steps keep working.',
  'If you have questions, the member support team is available by phone and chat during business hours, and the knowledgebase has step-by-step guides.',
  'Brokers and office managers will find an office-wide summary in the Broker Center, with links to the forms and reports they need.',
  'We will keep this article current as details are confirmed, so check back before your next listing appointment.',
  'Thank you to the volunteers and committee members who reviewed the draft and made it shorter and clearer.',
];

function content(rng: Rng): string {
  const paragraphs = Array.from({ length: rng.int(3, 5) }, () => `<p>${rng.pick(PARAGRAPHS)}</p>`);
  return [
    ...paragraphs.slice(0, 2),
    '<h3>What you need to know</h3>',
    '<ul><li>Read the summary above.</li><li>Review your own listings and settings.</li><li>Ask support if anything is unclear.</li></ul>',
    ...paragraphs.slice(2),
    '<p>More at <a href="https://www.example-mls.org/knowledgebase" target="_blank">the knowledgebase</a>.</p>',
  ].join('\n');
}

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

interface Audience {
  officeId: number | null;
  aorId: number | null;
  label: string;
}

/** About 60 articles: Orange Coast's association and its main office OC100, Southwest Bayou and two others. */
export async function seedArticles(q: Queryable, rng: Rng): Promise<void> {
  // 1 and 10 exist already (migration 0825).
  for (const c of ARTICLE_CATEGORIES)
    await q.query('INSERT INTO article_categories (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [c.id, c.name]);
  await q.query("SELECT setval(pg_get_serial_sequence('article_categories', 'id'), (SELECT max(id) FROM article_categories))");

  const aor = async (code: string): Promise<Audience> => ({
    officeId: null,
    aorId: (await q.one<{ id: number }>('SELECT id FROM associations WHERE short_name = $1', [code]))!.id,
    label: code,
  });
  const office = async (code: string): Promise<Audience> => ({
    officeId: (await q.one<{ id: number }>('SELECT id FROM offices WHERE office_code = $1', [code]))!.id,
    aorId: null,
    label: code,
  });

  const plan: Array<{ audience: Audience; categories: number[]; count: number; promoted: number }> = [
    { audience: await aor('OC'), categories: [10, 2, 3, 4, 5, 6], count: 34, promoted: 4 },
    { audience: await office('OC100'), categories: [1, 1, 1, 10], count: 14, promoted: 3 },
    { audience: await aor('SB'), categories: [10, 2, 5], count: 7, promoted: 2 },
    { audience: await aor('AR'), categories: [10, 6], count: 3, promoted: 1 },
    { audience: await aor('LG'), categories: [10, 3], count: 3, promoted: 1 },
  ];
  const used = new Map<number, number>();
  for (const { audience, categories, count, promoted } of plan) {
    for (let i = 0; i < count; i++) {
      const categoryId = categories[i % categories.length];
      const n = used.get(categoryId) ?? 0;
      used.set(categoryId, n + 1);
      const topics = TOPICS[categoryId];
      const title = topics[n % topics.length] + (n >= topics.length ? ` (${audience.label})` : '');
      const author = AUTHORS[(i + categoryId) % AUTHORS.length];
      // The last three of a large audience are a draft, an expired and a scheduled article: members never see them.
      const state = count > 10 ? count - i : 99;
      const publishOn = state === 1 ? days(5) : days(-rng.int(2, 300));
      await createArticle(q, {
        title,
        summary: PARAGRAPHS[(i + n) % PARAGRAPHS.length],
        byline: `By ${author.name}`,
        imageUrl: `/articles/cover-${((i + categoryId) % 8) + 1}.svg`,
        authorPhotoUrl: `/articles/author-${author.photo}.svg`,
        categoryId,
        authorDisplayName: author.name,
        content: content(rng),
        status: state === 3 ? 'Draft' : 'Published',
        publishOn,
        expiresOn: state === 2 ? days(-1) : rng.chance(0.3) ? days(rng.int(60, 400)) : null,
        promoteOn: i < promoted ? days(-rng.int(1, 10)) : i === promoted ? days(-40) : null,
        promoteEnd: i < promoted ? days(rng.int(10, 30)) : i === promoted ? days(-20) : null,
        createdByName: author.name,
        officeId: audience.officeId,
        aorId: audience.aorId,
        adTemplate: i % 5 === 0 ? ARTICLE_AD : null,
        adIsScript: i % 5 === 0,
      });
    }
  }

  // A hostile article from an imagined compromised editor: the sanitiser removes every live part before it is stored.
  const oc = await aor('OC');
  await createArticle(q, {
    title: 'Formatting Guide for Article Authors',
    summary: 'What the editor keeps and what it removes when an article is saved.',
    byline: 'By Portico Support',
    imageUrl: '/articles/cover-8.svg',
    authorPhotoUrl: '/articles/author-6.svg',
    categoryId: 3,
    authorDisplayName: 'Portico Support',
    content: `<p>Headings, lists, links and images are kept.</p><script>alert('x')</script>
<p onclick="alert('x')" style="color:red">Event handlers and inline styles are removed.</p>
<a href="javascript:alert('x')">A script link loses its address.</a><svg onload="alert('x')"><circle r="5"/></svg>
<style>body{display:none}</style><img src="/articles/cover-3.svg" width="200" onerror="alert('x')"><p>That is all.</p>`,
    status: 'Published',
    publishOn: days(-1),
    expiresOn: null,
    promoteOn: null,
    promoteEnd: null,
    createdByName: 'Portico Support',
    officeId: null,
    aorId: oc.aorId,
    adTemplate: null,
    adIsScript: false,
  });
}

/** A third-party ad template with a script: it only ever runs inside a sandboxed frame. */
const ARTICLE_AD = `<div style="font-family:sans-serif;padding:12px;background:#eef4fb;border-radius:8px">
<strong>Sponsored</strong> <span id="ad-text">Home warranty plans for your buyers</span>
<script>document.getElementById('ad-text').textContent = 'Home warranty plans for your buyers - save 10% this month';</script>
</div>`;
