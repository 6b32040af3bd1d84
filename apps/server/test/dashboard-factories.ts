import type { Db } from '../src/db/index';

let sequence = 0;
const next = () => ++sequence;

/** Builders for the dashboard's tables: applications, audiences, opt-outs, KPI definitions, listings, ads, sections. */
export function createDashboardFactories(db: Db) {
  async function buildApplication(
    opts: {
      name?: string;
      url?: string | null;
      category?: 'member' | 'aor' | 'broker' | 'marketplace';
      ageDays?: number;
      isConnected?: boolean;
    } = {},
  ) {
    const n = next();
    const row = await db.one<{ id: number; name: string }>(
      `INSERT INTO applications (name, name_short, url, hover_text, application_category, is_connected, created_on)
       VALUES ($1, $2, $3, $4, $5, $6, now() - make_interval(days => $7::int)) RETURNING id, name`,
      [
        opts.name ?? `App ${n}`,
        `TESTAPP${n}`,
        opts.url === undefined ? `https://apps.example.test/${n}` : opts.url,
        `Hover ${n}`,
        opts.category ?? 'member',
        !!opts.isConnected,
        opts.ageDays ?? 100,
      ],
    );
    return row!;
  }

  async function restrictApplication(applicationId: number, audience: { aorId?: number; mainOfficeCode?: string; memberType?: number }) {
    await db.query(
      'INSERT INTO application_audiences (application_id, aor_id, main_office_code, member_type_value) VALUES ($1, $2, $3, $4)',
      [applicationId, audience.aorId ?? null, audience.mainOfficeCode ?? null, audience.memberType ?? null],
    );
  }

  async function optOut(officeId: number, applicationId: number, accessControl: 0 | 1 = 0) {
    await db.query('INSERT INTO office_applications (office_id, application_id, access_control) VALUES ($1, $2, $3)', [
      officeId,
      applicationId,
      accessControl,
    ]);
  }

  async function ensureKpiDefinitions(codes: string[]) {
    for (const [i, code] of codes.entries()) {
      await db.query(
        'INSERT INTO kpi_definitions (code, title, description, view_order) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING',
        [code, code, `About ${code}`, i + 1],
      );
    }
  }

  /** A listing with dates given as days before today (null for none). */
  async function buildListing(
    aorId: number,
    l: {
      status: string;
      listPrice: number;
      closePrice?: number;
      onMarketDaysAgo: number;
      pendingDaysAgo?: number;
      closeDaysAgo?: number;
    },
  ) {
    await db.query(
      `INSERT INTO mls_listings (mls_listing_id, aor_id, standard_status, property_type, list_price, close_price,
         listing_contract_date, on_market_date, pending_date, close_date)
       VALUES ($1, $2, $3, 'Residential', $4, $5, CURRENT_DATE - $6::int, CURRENT_DATE - $6::int,
               CURRENT_DATE - $7::int, CURRENT_DATE - $8::int)`,
      [
        `T${next()}`,
        aorId,
        l.status,
        l.listPrice,
        l.closePrice ?? null,
        l.onMarketDaysAgo,
        l.pendingDaysAgo ?? null,
        l.closeDaysAgo ?? null,
      ],
    );
  }

  async function buildContainer(key: string, status: 'Active' | 'Pending', viewOrder: number) {
    await db.query('INSERT INTO generic_containers (key, title, status, view_order) VALUES ($1, $2, $3, $4)', [
      key,
      `Section ${key}`,
      status,
      viewOrder,
    ]);
  }

  async function buildAdProvider(opts: { aorId?: number | null; isEnabled?: boolean; tags?: string[] } = {}) {
    const n = next();
    const row = await db.one<{ id: number }>(
      'INSERT INTO ad_providers (provider_name, is_enabled, aor_id) VALUES ($1, $2, $3) RETURNING id',
      [`Provider ${n}`, opts.isEnabled ?? true, opts.aorId ?? null],
    );
    for (const tag of opts.tags ?? ['dashboard-billboard']) {
      await db.query('INSERT INTO ad_impressions (provider_id, tag_name, is_script, template) VALUES ($1, $2, false, $3)', [
        row!.id,
        tag,
        `<p>Ad ${n} ${tag}</p>`,
      ]);
    }
    return { id: row!.id, providerName: `Provider ${n}` };
  }

  return { buildApplication, restrictApplication, optOut, ensureKpiDefinitions, buildListing, buildContainer, buildAdProvider };
}
