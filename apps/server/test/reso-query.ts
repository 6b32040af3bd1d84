/**
 * The query side of the tests' RESO Web API server: `$filter` compiled once into a predicate, and a resource's rows
 * kept sorted by an `$orderby`, so that the replication query (`ModificationTimestamp ge ... and (... gt ... or Key gt
 * ...)`, ordered by timestamp and key, `$top`) finds its first row by binary search and reads only the page's rows,
 * instead of filtering and sorting the whole resource for every page (a million listings in the bench).
 */
export type ResoRow = Record<string, unknown>;

type Token = { kind: 'str'; v: string } | { kind: 'lit'; v: string } | { kind: 'id'; v: string } | { kind: 'p'; v: '(' | ')' };
type Operand = { field: string } | { value: unknown };
export type FilterNode = { kind: 'or' | 'and'; a: FilterNode; b: FilterNode } | { kind: 'cmp'; left: Operand; op: string; right: Operand };

function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === ' ') i++;
    else if (c === '(' || c === ')') {
      out.push({ kind: 'p', v: c });
      i++;
    } else if (c === "'") {
      let v = '';
      i++;
      for (;;) {
        if (s[i] === "'" && s[i + 1] === "'") {
          v += "'";
          i += 2;
        } else if (s[i] === "'") break;
        else v += s[i++];
      }
      i++;
      out.push({ kind: 'str', v });
    } else {
      const m = /^[^\s()]+/.exec(s.slice(i))![0];
      out.push(/^[A-Za-z_]\w*$/.test(m) ? { kind: 'id', v: m } : { kind: 'lit', v: m });
      i += m.length;
    }
  }
  return out;
}

const ISO = /^\d{4}-\d{2}-\d{2}T/;
/** A value's time when it is an ISO timestamp (compared as times), NaN otherwise. */
const timeOf = (v: unknown) => (typeof v === 'string' && ISO.test(v) ? Date.parse(v) : Number.NaN);

/** Two values with their times precomputed (timeOf): timestamps by time, other strings by text, the rest as numbers. */
function compareWith(a: unknown, ta: number, b: unknown, tb: number): number {
  if (typeof a === 'string' && typeof b === 'string') {
    if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta - tb;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return Number(a) - Number(b);
}

export const compare = (a: unknown, b: unknown) => compareWith(a, timeOf(a), b, timeOf(b));

const OPS: Record<string, (c: number) => boolean> = {
  eq: (c) => c === 0,
  ne: (c) => c !== 0,
  gt: (c) => c > 0,
  ge: (c) => c >= 0,
  lt: (c) => c < 0,
  le: (c) => c <= 0,
};

/** `$filter` (comparisons, and, or, parentheses) as a tree. */
export function parseFilterTree(filter: string): FilterNode {
  const tokens = tokenize(filter);
  let pos = 0;
  const isWord = (w: string) => tokens[pos]?.kind === 'id' && tokens[pos].v === w;
  const operand = (): Operand => {
    const t = tokens[pos++];
    if (t.kind === 'id') return t.v === 'null' ? { value: null } : { field: t.v };
    if (t.kind === 'str') return { value: t.v };
    return { value: /^-?\d+(\.\d+)?$/.test(t.v) ? Number(t.v) : t.v };
  };
  const or = (): FilterNode => {
    let node = and();
    while (isWord('or')) {
      pos++;
      node = { kind: 'or', a: node, b: and() };
    }
    return node;
  };
  const and = (): FilterNode => {
    let node = primary();
    while (isWord('and')) {
      pos++;
      node = { kind: 'and', a: node, b: primary() };
    }
    return node;
  };
  const primary = (): FilterNode => {
    if (tokens[pos]?.kind === 'p' && tokens[pos].v === '(') {
      pos++;
      const node = or();
      pos++;
      return node;
    }
    const left = operand();
    const op = tokens[pos++].v;
    return { kind: 'cmp', left, op, right: operand() };
  };
  return or();
}

function compile(node: FilterNode): (row: ResoRow) => boolean {
  if (node.kind !== 'cmp') {
    const [a, b] = [compile(node.a), compile(node.b)];
    return node.kind === 'or' ? (row) => a(row) || b(row) : (row) => a(row) && b(row);
  }
  const test = OPS[node.op];
  if (!test) {
    const op = node.op;
    return () => {
      throw new Error(`operator ${op}`);
    };
  }
  const side = (o: Operand): ((row: ResoRow) => unknown) => {
    if ('field' in o) return (row) => row[o.field];
    const value = o.value;
    return () => value;
  };
  const [left, right] = [side(node.left), side(node.right)];
  return (row) => {
    const l = left(row);
    return l !== null && l !== undefined && test(compare(l, right(row)));
  };
}

/** `$filter` as a predicate over rows. */
export const parseFilter = (filter: string) => compile(parseFilterTree(filter));

/** Where every row the filter can match starts: its `field ge|gt|eq value` conditions joined to the rest by `and`. */
export function lowerBounds(node: FilterNode, field: string): Bound[] {
  if (node.kind === 'and') return [...lowerBounds(node.a, field), ...lowerBounds(node.b, field)];
  if (node.kind !== 'cmp' || !('field' in node.left) || node.left.field !== field || !('value' in node.right)) return [];
  const value = node.right.value;
  if (value === null || !['ge', 'gt', 'eq'].includes(node.op)) return [];
  return [{ value, strict: node.op === 'gt' }];
}

export interface Bound {
  value: unknown;
  /** `gt`: rows equal to the value are not in. */
  strict: boolean;
}

/**
 * A resource's rows in `$orderby` order (stable: ties keep the resource's order, as a sort of the whole resource
 * would). Rows without a value in the first field go last; they match no bound on it.
 */
export class SortedIndex {
  readonly rows: ResoRow[];
  /** The first field's values (and times) in index order, for the binary search; `valued` rows have one. */
  private readonly firsts: unknown[];
  private readonly times: number[];
  private readonly valued: number;

  constructor(rows: ResoRow[], fields: string[]) {
    const n = rows.length;
    const values = fields.map((f) => rows.map((r) => r[f]));
    const times = values.map((vs) => vs.map(timeOf));
    const order = Array.from({ length: n }, (_, i) => i);
    const absent = (i: number) => values[0][i] === null || values[0][i] === undefined;
    order.sort((i, j) => {
      const [ai, aj] = [absent(i), absent(j)];
      if (ai !== aj) return ai ? 1 : -1;
      for (let f = 0; f < fields.length; f++) {
        const c = compareWith(values[f][i], times[f][i], values[f][j], times[f][j]);
        if (c) return c;
      }
      return i - j;
    });
    this.rows = order.map((i) => rows[i]);
    this.firsts = order.map((i) => values[0][i]);
    this.times = order.map((i) => times[0][i]);
    this.valued = order.filter((i) => !absent(i)).length;
  }

  /** The first position whose row can meet the bound (every row before it fails it). */
  start(bound: Bound): number {
    const t = timeOf(bound.value);
    let [lo, hi] = [0, this.valued];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareWith(this.firsts[mid], this.times[mid], bound.value, t);
      if (bound.strict ? c > 0 : c >= 0) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
