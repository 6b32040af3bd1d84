import type { LoadRequest } from './load';
import type { ScenarioContext } from './scenario';

export const SEARCH_PATH = '/api/app/Registration/search/';

/** Who searches registered listings, and how many of every hundred searches each role makes. */
const ROLE_MIX = [
  { role: 'agents', memberTypes: [1], share: 60 },
  { role: 'brokers and office managers', memberTypes: [2, 3], share: 20 },
  { role: 'AOR staff', memberTypes: [11], share: 10 },
  { role: 'MLS staff', memberTypes: [12, 13], share: 10 },
] as const;

export interface RoleTokens {
  role: string;
  tokens: string[];
}

/** Real tokens of members of every role that searches: scale agents and brokers, the demo's association and MLS staff. */
export async function searchRoleTokens(ctx: ScenarioContext): Promise<RoleTokens[]> {
  const out: RoleTokens[] = [];
  for (const { role, memberTypes, share } of ROLE_MIX) {
    const rows = await ctx.db.query<{ id: number }>(
      `SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id JOIN user_classes uc ON uc.code = m.user_class
       WHERE uc.member_type_value = ANY($1::int[]) AND m.member_status_id = 1 AND m.office_id IS NOT NULL
       ORDER BY md5(a.id::text) LIMIT $2`,
      [memberTypes, share],
    );
    if (rows.length === 0) throw new Error(`No ${role} to search as`);
    out.push({ role, tokens: await Promise.all(rows.map((r) => ctx.tokenFor(r.id))) });
  }
  return out;
}

/** `share` tokens of each role in one rotation (a role with fewer members repeats them), so the mix holds per request. */
export function mixedTokens(roles: RoleTokens[]): string[] {
  return roles.flatMap((r, i) => Array.from({ length: ROLE_MIX[i].share }, (_, k) => r.tokens[k % r.tokens.length]));
}

interface SampleListing {
  listing_id: string;
  street_number: string;
  street_name: string;
  city: string;
  postal_code: string;
}

/**
 * What people type into the list's search box, taken from real rows: a street name, a house number with its street,
 * a ZIP code, a city, a whole listing id or its last digits, in lower case as often as not.
 */
export async function searchTexts(ctx: Pick<ScenarioContext, 'db'>, count: number): Promise<string[]> {
  const rows = await ctx.db.query<SampleListing>(
    `SELECT listing_id, street_number, street_name, city, postal_code FROM registered_listings
     WHERE standard_status <> 'Z' ORDER BY md5(id::text) LIMIT $1`,
    [count],
  );
  return rows.map((r, i) => {
    const text = [
      r.street_name,
      `${r.street_number} ${r.street_name}`,
      r.postal_code,
      r.city.split(' ')[0],
      r.listing_id,
      r.listing_id.slice(-6),
      r.street_number,
    ][i % 7];
    return i % 2 ? text.toLowerCase() : text;
  });
}

/** The request the list page sends (apps/web/src/features/registered/hooks/list-criteria.ts) for a text and a status. */
export function searchRequest(text: string, status: string): LoadRequest & { method: 'POST' } {
  return {
    method: 'POST',
    path: SEARCH_PATH,
    body: {
      pageId: 1,
      pageSize: 10,
      criteria: [
        { field: 'standardStatus', op: 'NotEqual', values: ['Z'] },
        { field: 'registeredStatus', op: 'Equal', values: [status] },
        { field: 'listingId', op: 'Contains', values: [text] },
        { field: 'propertyAddress', op: 'Contains', values: [text] },
      ],
      orderBy: [{ field: 'registeredStatus', direction: 'asc' }],
    },
  };
}
