import type { Db } from '../db/index';
import { DEMO_ASSOCIATIONS } from './associations';
import { insertMlsListings, LARGE_ASSOCIATIONS } from './dashboard-listings';
import type { ScaleSeeder } from './scale';

/** Scale listings' MLS numbers: association code, 'L', 8 digits (`OCL00001234`); demo numbers are all digits. */
export const SCALE_LISTING = '^[A-Z]{2,3}L[0-9]{8}$';
const BATCH = 100_000;
/** Three years of history: every KPI period (30 days, the 30 before, 12 months of trend) has data, and more. */
const HISTORY_DAYS = 3 * 365;
/** A large association draws four times the listings of a small one (about 143,000 vs 36,000 per million). */
const WHEEL = DEMO_ASSOCIATIONS.flatMap((a) => Array<string>(LARGE_ASSOCIATIONS.has(a.code) ? 4 : 1).fill(a.code));
/** Apart from the demo listings' salts (0-12): the same k gives the same listing on every machine. */
const SALT = 1_000;

export const mlsListingsScaleSeeder: ScaleSeeder = {
  option: 'mlsListings',
  benchDefault: 1_000_000,
  description: 'MLS listings (market statistics) over three years across the 13 associations, large ones weighted 4 to 1',
  async run(db: Db, count, log) {
    const existing =
      (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM mls_listings WHERE mls_listing_id ~ $1', [SCALE_LISTING]))?.n ?? 0;
    if (existing >= count) {
      log(`mlsListings: ${existing} scale listings already present`);
      return 0;
    }
    for (let from = existing + 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      await db.tx((q) => insertMlsListings(q, { from, to, wheel: WHEEL, salt: SALT, days: HISTORY_DAYS, numbering: 'scale' }));
      log(`mlsListings: ${to} / ${count}`);
    }
    await db.query('ANALYZE mls_listings');
    return count - existing;
  },
};
