import type { Queryable } from '../db/index';

type Category = 'member' | 'aor' | 'broker' | 'marketplace';
interface SeedApp {
  name: string;
  short: string;
  url: string | null;
  category: Category;
  hover: string;
  mls?: string;
  connected?: boolean;
  /** Created this many days ago; under 30 makes the 'new' badge. */
  ageDays: number;
  audience?: Array<{ aor?: string; mainOffice?: string; memberTypes?: number[] }>;
}

/** The seven connected applications that offices can switch; the settings feature ensures them too. */
export const CONNECTED_APPS: SeedApp[] = [
  {
    name: 'Flexmls',
    short: 'FLEXMLS',
    url: 'https://apps.example-mls.org/flexmls',
    category: 'member',
    hover: 'Search, list and manage MLS listings',
    mls: 'FLEX',
    connected: true,
    ageDays: 900,
  },
  {
    name: 'Glide',
    short: 'GLIDE',
    url: 'https://apps.example-mls.org/glide',
    category: 'member',
    hover: 'Transaction forms and e-signatures',
    connected: true,
    ageDays: 700,
  },
  {
    name: 'LionDesk',
    short: 'LIONDESK',
    url: 'https://apps.example-mls.org/liondesk',
    category: 'member',
    hover: 'CRM with texting and drip campaigns',
    connected: true,
    ageDays: 650,
  },
  {
    name: 'Top Producer',
    short: 'TOPPRODUCER',
    url: 'https://apps.example-mls.org/topproducer',
    category: 'member',
    hover: 'Contact management and market snapshots',
    connected: true,
    ageDays: 600,
  },
  {
    name: 'Cloud CMA',
    short: 'CLOUDCMA',
    url: 'https://apps.example-mls.org/cloudcma',
    category: 'member',
    hover: 'Comparative market analysis reports',
    connected: true,
    ageDays: 550,
  },
  {
    name: 'ShowingTime',
    short: 'SHOWINGTIME',
    url: 'https://apps.example-mls.org/showingtime',
    category: 'member',
    hover: 'Schedule and confirm showings',
    connected: true,
    ageDays: 500,
  },
  {
    name: 'BoxMLS',
    short: 'BOXMLS',
    url: 'https://apps.example-mls.org/boxmls',
    category: 'member',
    hover: 'Lockbox access and showing feedback',
    mls: 'BOX',
    connected: true,
    ageDays: 12,
  },
];

const OTHER_APPS: SeedApp[] = [
  {
    name: 'Realist Tax',
    short: 'REALIST',
    url: 'https://apps.example-mls.org/realist',
    category: 'member',
    hover: 'Public records and tax data',
    ageDays: 800,
  },
  {
    name: 'Homesnap Pro',
    short: 'HOMESNAP',
    url: 'https://apps.example-mls.org/homesnap',
    category: 'member',
    hover: 'Mobile MLS search in the field',
    ageDays: 400,
  },
  {
    name: 'Remine',
    short: 'REMINE',
    url: 'https://apps.example-mls.org/remine',
    category: 'member',
    hover: 'Prospecting with property insights',
    ageDays: 360,
  },
  {
    name: 'Forms Library',
    short: 'FORMS',
    url: 'https://apps.example-mls.org/forms',
    category: 'member',
    hover: 'Association-approved transaction forms',
    ageDays: 300,
  },
  {
    name: 'Listing Photo Studio',
    short: 'PHOTOSTUDIO',
    url: 'https://apps.example-mls.org/photostudio',
    category: 'member',
    hover: 'Order photography and floor plans',
    ageDays: 5,
  },
  {
    name: 'Market Watch Pro',
    short: 'MARKETWATCH',
    url: null,
    category: 'member',
    hover: 'Neighbourhood market alerts (link coming soon)',
    ageDays: 3,
  },
  {
    name: 'Open House Planner',
    short: 'OPENHOUSE',
    url: 'https://apps.example-mls.org/openhouse',
    category: 'member',
    hover: 'Plan and promote open houses',
    ageDays: 20,
  },
  {
    name: 'Association Store',
    short: 'AORSTORE',
    url: 'https://apps.example-mls.org/store',
    category: 'aor',
    hover: 'Lockboxes, signs and supplies',
    ageDays: 720,
  },
  {
    name: 'Education Center',
    short: 'EDUCATION',
    url: 'https://apps.example-mls.org/education',
    category: 'aor',
    hover: 'Classes, webinars and CE credit',
    ageDays: 480,
  },
  {
    name: 'Dues and Billing',
    short: 'DUES',
    url: 'https://apps.example-mls.org/dues',
    category: 'aor',
    hover: 'Pay dues and view invoices',
    ageDays: 420,
  },
  {
    name: 'Ethics and Compliance',
    short: 'COMPLIANCE',
    url: 'https://apps.example-mls.org/compliance',
    category: 'aor',
    hover: 'File and follow complaints',
    ageDays: 390,
  },
  {
    name: 'Orange Coast Member Hub',
    short: 'OCHUB',
    url: 'https://apps.example-mls.org/oc-hub',
    category: 'aor',
    hover: 'Events and news for Orange Coast members',
    ageDays: 25,
    audience: [{ aor: 'OC' }],
  },
  {
    name: 'Bayou Member Hub',
    short: 'SBHUB',
    url: 'https://apps.example-mls.org/sb-hub',
    category: 'aor',
    hover: 'Events and news for Southwest Bayou members',
    ageDays: 200,
    audience: [{ aor: 'SB' }],
  },
  {
    name: 'Legal Hotline',
    short: 'LEGAL',
    url: 'https://apps.example-mls.org/legal',
    category: 'aor',
    hover: 'Ask a real estate attorney',
    ageDays: 340,
  },
  {
    name: 'Broker Back Office',
    short: 'BACKOFFICE',
    url: 'https://apps.example-mls.org/backoffice',
    category: 'broker',
    hover: 'Commissions, agents and compliance files',
    ageDays: 610,
    audience: [{ memberTypes: [2, 3] }],
  },
  {
    name: 'Agent Roster',
    short: 'ROSTER',
    url: 'https://apps.example-mls.org/roster',
    category: 'broker',
    hover: "Your office's agents and licences",
    ageDays: 580,
    audience: [{ memberTypes: [2, 3, 4] }],
  },
  {
    name: 'Office Listing Report',
    short: 'OFFICEREPORT',
    url: 'https://apps.example-mls.org/office-report',
    category: 'broker',
    hover: "The office's listing activity by agent",
    ageDays: 14,
    audience: [{ memberTypes: [2, 3] }],
  },
  {
    name: 'Recruiting Insights',
    short: 'RECRUIT',
    url: 'https://apps.example-mls.org/recruit',
    category: 'broker',
    hover: 'Production of agents in your market',
    ageDays: 260,
    audience: [{ memberTypes: [2] }],
  },
  {
    name: 'Harbor Intranet',
    short: 'HARBORNET',
    url: 'https://apps.example-mls.org/harbor',
    category: 'broker',
    hover: 'The OC100 office intranet',
    ageDays: 150,
    audience: [{ mainOffice: 'OC100' }],
  },
  {
    name: 'Home Warranty Hub',
    short: 'WARRANTY',
    url: 'https://apps.example-mls.org/warranty',
    category: 'marketplace',
    hover: 'Compare home warranty plans',
    ageDays: 330,
  },
  {
    name: 'Mortgage Rate Desk',
    short: 'RATES',
    url: 'https://apps.example-mls.org/rates',
    category: 'marketplace',
    hover: "Today's rates from partner lenders",
    ageDays: 310,
  },
  {
    name: 'Staging Partners',
    short: 'STAGING',
    url: 'https://apps.example-mls.org/staging',
    category: 'marketplace',
    hover: 'Book stagers and virtual staging',
    ageDays: 8,
  },
  {
    name: 'Sign Install Pro',
    short: 'SIGNS',
    url: 'https://apps.example-mls.org/signs',
    category: 'marketplace',
    hover: 'Order sign posts and riders',
    ageDays: 275,
  },
  {
    name: 'Inspection Scheduler',
    short: 'INSPECT',
    url: 'https://apps.example-mls.org/inspect',
    category: 'marketplace',
    hover: 'Book licensed home inspectors',
    ageDays: 240,
  },
];

export const DASHBOARD_APPS = [...CONNECTED_APPS, ...OTHER_APPS];

export async function seedDashboardApplications(q: Queryable): Promise<void> {
  for (const app of DASHBOARD_APPS) {
    const row = await q.one<{ id: number }>(
      `INSERT INTO applications (name, name_short, url, icon_url, hover_text, application_category, mls_system, is_connected, access_level, created_on)
       VALUES ($1, $2, $3, NULL, $4, $5, $6, $7, $8, now() - make_interval(days => $9::int))
       ON CONFLICT (name_short) DO NOTHING RETURNING id`,
      [app.name, app.short, app.url, app.hover, app.category, app.mls ?? null, !!app.connected, app.connected ? 1 : 0, app.ageDays],
    );
    if (!row) continue;
    for (const a of app.audience ?? []) {
      for (const memberType of a.memberTypes ?? [null]) {
        await q.query(
          `INSERT INTO application_audiences (application_id, aor_id, main_office_code, member_type_value)
           VALUES ($1, (SELECT id FROM associations WHERE short_name = $2), $3, $4)`,
          [row.id, a.aor ?? null, a.mainOffice ?? null, memberType],
        );
      }
    }
  }
  // Two offices opted out of connected applications (only a main office's choice applies).
  await q.query(
    `INSERT INTO office_applications (office_id, application_id, access_control)
     SELECT o.id, a.id, 0 FROM offices o JOIN applications a ON a.name_short = ANY($2::text[]) WHERE o.office_code = $1
     ON CONFLICT (office_id, application_id) DO NOTHING`,
    ['OC200', ['LIONDESK', 'TOPPRODUCER']],
  );
}
