import { FORM_FIELD_TYPES, parseReportPageConfig, REPORT_MESSAGES, REPORT_PAGE_CONFIG_ID } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from '../db/index';
import { seedDemoIfEmpty } from './index';

describe('support, reports and cases demo seed', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await seedDemoIfEmpty(db);
  }, 180_000);
  afterAll(() => db.close());

  it('seeds report reasons of both kinds in categories, and the report page config', async () => {
    const kinds = await db.query<{ requires_listing: boolean; n: number }>(
      'SELECT requires_listing, count(*)::int AS n FROM report_reasons WHERE is_visible_to_members GROUP BY 1 ORDER BY 1',
    );
    expect(kinds.map((k) => k.requires_listing)).toEqual([false, true]);
    const config = await db.one<{ config: unknown }>('SELECT config FROM page_configs WHERE id = $1', [REPORT_PAGE_CONFIG_ID]);
    expect(parseReportPageConfig(JSON.stringify(config!.config)).disclaimerHtml).not.toBe(REPORT_MESSAGES.fallbackDisclaimerHtml);
    expect(await db.one('SELECT photo_url FROM mls_listings WHERE mls_listing_id = $1', ['25100001'])).toEqual({
      photo_url: '/listings/house-1.svg',
    });
  });

  it('seeds cases for the agent, the broker’s office and the association, with a form of every field type', async () => {
    const byContact = await db.query<{ login_id: string }>(
      'SELECT DISTINCT m.login_id FROM work_items w JOIN members m ON m.id = w.contact_member_id ORDER BY 1',
    );
    expect(byContact.map((r) => r.login_id)).toEqual(expect.arrayContaining(['agent', 'broker', 'officeassistant', 'manager', 'aorstaff']));
    const types = await db.query<{ field_type: string }>(
      `SELECT DISTINCT f.field_type FROM work_item_form_fields f JOIN work_items w ON w.work_item_definition_id = f.work_item_definition_id
       JOIN members m ON m.id = w.contact_member_id WHERE m.login_id = 'agent'`,
    );
    expect(types.map((t) => t.field_type).sort()).toEqual([...FORM_FIELD_TYPES].sort());
  });

  it('seeds the demo agent’s citations (open, appealed, paid) with their history, none suspending access (decision 1100)', async () => {
    const rows = await db.query<{ state: string; n: number }>(
      `SELECT c.state, (SELECT count(*)::int FROM citation_history h WHERE h.citation_id = c.id) AS n
         FROM citations c JOIN members m ON m.id = c.member_id WHERE m.login_id = 'agent' ORDER BY c.issued_on DESC`,
    );
    expect(rows).toEqual([
      { state: 'issued', n: 1 },
      { state: 'appealed', n: 2 },
      { state: 'paid', n: 2 },
    ]);
    expect(await db.one("SELECT count(*)::int AS n FROM access_holds WHERE kind = 'citation'")).toEqual({ n: 0 });
  });
});
