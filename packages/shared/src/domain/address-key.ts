/**
 * A street address reduced to what identifies the property, for the Clear Cooperation watch's match of a registered
 * listing to the MLS's own (decision 1080).
 */

/** USPS street suffixes (Publication 28, the common ones): every spelling maps to the standard abbreviation. */
const SUFFIXES: Record<string, string> = {
  alley: 'aly',
  ally: 'aly',
  aly: 'aly',
  avenue: 'ave',
  av: 'ave',
  aven: 'ave',
  avenu: 'ave',
  avn: 'ave',
  avnue: 'ave',
  ave: 'ave',
  boulevard: 'blvd',
  boul: 'blvd',
  boulv: 'blvd',
  blvd: 'blvd',
  circle: 'cir',
  circ: 'cir',
  circl: 'cir',
  crcl: 'cir',
  cir: 'cir',
  court: 'ct',
  crt: 'ct',
  ct: 'ct',
  cove: 'cv',
  cv: 'cv',
  crossing: 'xing',
  xing: 'xing',
  drive: 'dr',
  driv: 'dr',
  drv: 'dr',
  dr: 'dr',
  expressway: 'expy',
  expy: 'expy',
  freeway: 'fwy',
  fwy: 'fwy',
  highway: 'hwy',
  hiway: 'hwy',
  hwy: 'hwy',
  lane: 'ln',
  ln: 'ln',
  loop: 'loop',
  parkway: 'pkwy',
  parkwy: 'pkwy',
  pkway: 'pkwy',
  pky: 'pkwy',
  pkwy: 'pkwy',
  place: 'pl',
  pl: 'pl',
  plaza: 'plz',
  plz: 'plz',
  point: 'pt',
  pt: 'pt',
  road: 'rd',
  rd: 'rd',
  square: 'sq',
  sqr: 'sq',
  sq: 'sq',
  street: 'st',
  strt: 'st',
  str: 'st',
  st: 'st',
  terrace: 'ter',
  terr: 'ter',
  ter: 'ter',
  trail: 'trl',
  trl: 'trl',
  way: 'way',
  wy: 'way',
};

const DIRECTIONS: Record<string, string> = {
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  n: 'n',
  s: 's',
  e: 'e',
  w: 'w',
  ne: 'ne',
  nw: 'nw',
  se: 'se',
  sw: 'sw',
};

/** Words that introduce a unit ('Unit 4', 'Apt. 4', 'Suite 200', '#4', 'No. 4'). */
const UNIT_WORDS = new Set([
  'unit',
  'apt',
  'apartment',
  'ste',
  'suite',
  'no',
  'num',
  'number',
  'spc',
  'space',
  'lot',
  'rm',
  'room',
  'bldg',
  'building',
  'fl',
  'floor',
]);

/** A unit's designator without its leading zeros ('04' and '4' are the same unit; 'A' stays 'a'). */
const unitValue = (raw: string) => raw.replace(/^0+(?=[0-9a-z])/, '');

/**
 * A street address reduced to what identifies the property, so that the MLS's spelling and the agent's compare equal:
 * `number|street name with standard suffix and directions|unit|5-digit postal code`, lower case. Street/St, Avenue/Ave,
 * North/N, 'Unit 4'/'Apt 4'/'#4'/'# 04', punctuation and spacing all reduce to the same key. Only the street line
 * counts: whatever follows its first comma (city, state, postal code) is dropped, and the postal code is given apart.
 * Null when there is no street number, street name or 5-digit postal code to compare.
 */
export function addressKey(address: string | null | undefined, postalCode: string | null | undefined): string | null {
  const postal = /^\s*(\d{5})/.exec(postalCode ?? '')?.[1];
  if (!postal || !address) return null;
  // The street line; a unit written after a comma ('123 Main St, Unit 4') stays with it, the city and state go.
  const [first, ...rest] = address.split(',');
  const unitPart = rest.find((part) => /^\s*(#|(unit|apt|apartment|ste|suite|spc|space|lot|bldg)\b)/i.test(part));
  const line = `${first} ${unitPart ?? ''}`
    .toLowerCase()
    .replace(/#\s*/g, ' # ')
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9# /-]+/g, ' ');
  const tokens = line.split(/\s+/).filter(Boolean);
  const number = tokens.shift();
  if (!number || !/^\d/.test(number)) return null;
  let unit = '';
  const street: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i];
    if (t === '#' || UNIT_WORDS.has(t)) {
      const next = tokens[i + 1] === '#' ? tokens[i + 2] : tokens[i + 1];
      // 'No' is also a street word ('No Name Rd'): a unit only when a designator with a digit follows.
      if (next && (t !== 'no' || /\d/.test(next))) {
        unit = unitValue(next);
        break;
      }
      if (t === '#') continue;
    }
    street.push(SUFFIXES[t] ?? DIRECTIONS[t] ?? t);
  }
  if (street.length === 0) return null;
  return `${number.replace(/-/g, '')}|${street.join(' ')}|${unit}|${postal}`;
}
