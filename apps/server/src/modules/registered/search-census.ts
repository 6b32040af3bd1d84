import type { Db } from '../../db/index';
import { commonTrigrams, estimatedListingCount, type SampledListingRow, sampleListingTexts } from './census-repository';

/** A trigram in more than this share of the listings is common: its index entry is too long to be worth reading. */
const COMMON_SHARE = 0.1;
/**
 * About this many listings are sampled, which estimates a 10% share within a point. They are sampled row by row
 * (BERNOULLI, a read of the table, 170 ms for 1,000,000 listings): listings registered together share pages, and a
 * sample of pages saw a ZIP code in 5% of them where 0.3% held it.
 */
const SAMPLE_ROWS = 10_000;
/** Listing ids and addresses change their make-up slowly: the census is taken again after an hour. */
const REFRESH_MS = 60 * 60 * 1000;
/** A census that failed (the database closing under it) is tried again after a minute; the last one stays in use. */
const RETRY_MS = 60 * 1000;

/** Sampled listings' search texts (stored in lower case), each on a line of `texts`, and how many they are. */
interface SampledTexts {
  texts: string;
  count: number;
}

/** What a sample of the listings says of their search texts (decision 0205). */
export interface SearchCensus {
  /** The common trigrams, each with the share of the listings holding it. */
  common: ReadonlyMap<string, number>;
  /** The sampled texts by status and association (`sampleKey`; either may be any), to count those holding a text. */
  sample: ReadonlyMap<string, SampledTexts>;
}

const EMPTY: SearchCensus = { common: new Map(), sample: new Map() };

const sampleKey = (status: string | null, aorId: number | null) => `${status ?? '*'}|${aorId ?? '*'}`;

/** The sample grouped under every key a search may ask: its status or any, its association or any. */
function groupSample(rows: SampledListingRow[]): Map<string, SampledTexts> {
  const lines = new Map<string, string[]>();
  for (const r of rows) {
    for (const key of new Set([
      sampleKey(r.status, r.aor_id),
      sampleKey(r.status, null),
      sampleKey(null, r.aor_id),
      sampleKey(null, null),
    ])) {
      const group = lines.get(key) ?? [];
      group.push(r.text);
      lines.set(key, group);
    }
  }
  return new Map([...lines].map(([key, texts]) => [key, { texts: texts.join('\n'), count: texts.length }]));
}

interface Taken {
  census: SearchCensus;
  takenAt: number;
  taking?: Promise<void>;
}

const taken = new WeakMap<Db, Taken>();

/** Samples the listings (not deleted) and counts the trigrams of the sample's search texts. */
export async function takeCensus(db: Db): Promise<SearchCensus> {
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(await estimatedListingCount(db), 1));
  const rows = await sampleListingTexts(db, percent);
  const counts = await commonTrigrams(
    db,
    rows.map((r) => r.text),
    COMMON_SHARE,
  );
  return {
    common: new Map(counts.map((c) => [c.t, c.n / Math.max(rows.length, 1)])),
    sample: groupSample(rows),
  };
}

/**
 * How many of the sampled listings of a status (any when null) and an association (any when null) there are, and
 * how many of them hold `text` in their search text.
 */
export function sampledShare(census: SearchCensus, text: string, where: { status: string | null; aorId: number | null }) {
  const group = census.sample.get(sampleKey(where.status, where.aorId));
  const needle = text.toLowerCase();
  let holding = 0;
  // One search through the group's lines (0.05 ms for 5,000 of them), counting a line once however often it holds it.
  if (group && needle && !needle.includes('\n')) {
    for (let at = group.texts.indexOf(needle); at >= 0; ) {
      holding++;
      const next = group.texts.indexOf('\n', at + needle.length);
      at = next < 0 ? -1 : group.texts.indexOf(needle, next + 1);
    }
  }
  return { holding, of: group?.count ?? 0 };
}

/**
 * The database's last census; never waits. The first call, and any after an hour, starts a census in the
 * background (one at a time); until it ends the census is what it was (at first empty: every text is then looked up
 * whole in the index, as without a census).
 */
export function searchCensus(db: Db): SearchCensus {
  let t = taken.get(db);
  if (!t) {
    t = { census: EMPTY, takenAt: 0 };
    taken.set(db, t);
  }
  if (!t.taking && Date.now() - t.takenAt > REFRESH_MS) {
    const entry = t;
    entry.taking = takeCensus(db)
      .then((census) => {
        entry.census = census;
        entry.takenAt = Date.now();
      })
      .catch(() => {
        entry.takenAt = Date.now() - REFRESH_MS + RETRY_MS;
      })
      .finally(() => {
        entry.taking = undefined;
      });
  }
  return t.census;
}

/** Waits for a census under way: for tests. */
export async function censusTaken(db: Db): Promise<void> {
  await taken.get(db)?.taking;
}
