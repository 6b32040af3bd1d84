import { INPUT_MESSAGES, INT4_MAX, isDateTime, isSafeText, type ParsedQuery, type QueryOp } from '@portico/shared';
import type { Queryable } from '../db/index';
import { badRequest } from './errors';
import { containsPattern, likeEscape } from './like';
import { mergedSearchText, type SearchTextSpec, searchTextCondition } from './query-search-text';
import { sqlParams } from './sql-params';

/** `number` is an integer column (int4, as every id); `money` a numeric(14, 2) amount; `date` a date or timestamp. */
export type FieldType = 'text' | 'number' | 'money' | 'date' | 'boolean';

export interface FieldSpec {
  /** The SQL expression the field maps to; never built from request text. */
  sql: string;
  type: FieldType;
  ops?: QueryOp[];
  sortable?: boolean;
  /**
   * A closed set of text values (e.g. status labels): Equal and In accept them in any letter case, compare the
   * canonical spelling with a plain `=` (so a b-tree on the column serves it) and refuse any other value with a 400.
   */
  values?: readonly string[];
  /**
   * Equal on a value of `values` is written into the SQL as a literal (taken from the allow-list, never from the
   * request): a prepared statement then has one plan per value, which can use a partial index for that value.
   */
  inlined?: boolean;
}

export interface ResourceSpec {
  /** FROM clause (with joins), written by the developer. */
  from: string;
  /** SELECT list, written by the developer. */
  select: string;
  fields: Record<string, FieldSpec>;
  defaultOrder: string;
  /** Criteria on these fields are OR-ed together (e.g. one search text over id and address); all others AND. */
  orGroups?: string[][];
  /**
   * One text Contains-searched in all of these fields (and nothing else asked of them) becomes one condition on
   * their joined column, which a single index can serve together with the scope and the other filters; an OR of two
   * conditions cannot (docs/decisions/0205).
   */
  searchText?: SearchTextSpec;
  /**
   * Joins that only decorate the rows of a page (names of related rows): applied after filtering, ordering and
   * paging over `from` alone, so that a page of a large table joins 10 rows, not every match. Fields and the
   * default order may then only use `from`'s columns.
   */
  decorate?: { select: string; joins: string };
  /**
   * Counts matches only up to this many (then `isCountCapped`): an exact total over a million rows costs a scan of
   * every match on every page (docs/decisions/0205-registered-scale.md).
   */
  countCap?: number;
  /**
   * The columns a walk reads from `from` (`runWalkFirst`): the key `r.id` and every column the order and the search
   * text name, so that an index carrying them serves the walk alone.
   */
  walkColumns?: string;
}

const DEFAULT_OPS: Record<FieldType, QueryOp[]> = {
  text: ['Equal', 'NotEqual', 'Contains', 'StartsWith', 'In', 'IsNull', 'IsNotNull'],
  number: ['Equal', 'NotEqual', 'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual', 'In', 'IsNull', 'IsNotNull'],
  money: ['Equal', 'NotEqual', 'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual', 'In', 'IsNull', 'IsNotNull'],
  date: ['Equal', 'NotEqual', 'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual', 'IsNull', 'IsNotNull'],
  boolean: ['Equal', 'NotEqual'],
};

export interface QueryResult<T> {
  rows: T[];
  totalResults: number;
  totalPages: number;
  /** True when more rows match than the spec's `countCap`: totalResults is then the cap. */
  isCountCapped?: boolean;
}

/** The canonical spelling of a value of a closed set, or a 400 naming the allowed values. */
function canonical(field: FieldSpec & { values: readonly string[] }, value: unknown, at: string): string {
  const found = field.values.find((v) => v.toLowerCase() === String(value).toLowerCase());
  if (found === undefined) {
    throw badRequest('The filter is not valid.', [{ field: at, message: `'${String(value)}' is not one of ${field.values.join(', ')}` }]);
  }
  return found;
}

const MONEY_MAX = 999_999_999_999.99;

/** A number of a criterion: a JSON number or decimal text (no exponent, no hex, no blanks). */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^-?[0-9]{1,20}(\.[0-9]{1,20})?$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * A criterion's value read by the field's type before any SQL (docs/decisions/0920-input-rules.md): an integer
 * within int4, an amount within numeric(14, 2), a real date or date and time, text that can be stored.
 */
function coerce(type: FieldType, value: unknown, field: string): unknown {
  if (value === null) return null;
  const refuse = (message: string) => badRequest('The filter is not valid.', [{ field, message }]);
  if (type === 'number') {
    const n = numberOf(value);
    if (!Number.isInteger(n) || Math.abs(n) > INT4_MAX) throw refuse(INPUT_MESSAGES.wholeNumber);
    return n;
  }
  if (type === 'money') {
    const n = numberOf(value);
    if (!Number.isFinite(n) || Math.abs(n) > MONEY_MAX || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6)
      throw refuse(INPUT_MESSAGES.money);
    return n;
  }
  if (type === 'boolean') return value === true || value === 'true' || value === 1 || value === '1';
  if (type === 'date') {
    if (typeof value !== 'string' || !isDateTime(value)) throw refuse(INPUT_MESSAGES.dateTime);
    return value;
  }
  const text = String(value);
  if (!isSafeText(text)) throw refuse(INPUT_MESSAGES.unsafeText);
  return text;
}

/**
 * The one query engine behind every `.../q` and `.../search/` call: criteria and order map to SQL only through
 * the resource's allow-list of fields and operators; values always travel as parameters.
 */
export function buildQuery(
  spec: ResourceSpec,
  query: ParsedQuery,
  scope: { where: string; params: unknown[] } = { where: 'TRUE', params: [] },
) {
  const { params, add } = sqlParams(scope.params);
  const clauses = new Map<string, string[]>();
  const merged = mergedSearchText(spec.searchText, query.criteria);
  if (merged) clauses.set('searchText', [searchTextCondition(merged, add)]);
  query.criteria.forEach((c, index) => {
    if (merged?.indices.has(index)) return;
    const key = Object.keys(spec.fields).find((f) => f.toLowerCase() === c.field.toLowerCase());
    const field = key ? spec.fields[key] : undefined;
    const at = `criteria.${index}.field`;
    if (!key || !field) throw badRequest('The filter is not valid.', [{ field: at, message: `Unknown field '${c.field}'` }]);
    if (!(field.ops ?? DEFAULT_OPS[field.type]).includes(c.op)) {
      throw badRequest('The filter is not valid.', [{ field: `criteria.${index}.op`, message: `'${c.op}' is not allowed on '${key}'` }]);
    }
    const values = c.values.map((v) => coerce(field.type, v, at));
    const first = values[0];
    if (!['IsNull', 'IsNotNull'].includes(c.op) && values.length === 0) {
      throw badRequest('The filter is not valid.', [{ field: `criteria.${index}.values`, message: 'A value is required' }]);
    }
    let sql: string;
    if (field.values && (c.op === 'Equal' || c.op === 'In')) {
      const allowed = { ...field, values: field.values };
      const canon = values.map((v) => canonical(allowed, v, `criteria.${index}.values`));
      const equal = field.inlined ? `'${canon[0].replace(/'/g, "''")}'` : add(canon[0]);
      sql = c.op === 'Equal' ? `${field.sql} = ${equal}` : `${field.sql} = ANY(${add(canon)})`;
      const group = spec.orGroups?.find((g) => g.includes(key))?.join('|') ?? `and:${index}`;
      clauses.set(group, [...(clauses.get(group) ?? []), sql]);
      return;
    }
    switch (c.op) {
      case 'Equal':
        sql = field.type === 'text' ? `lower(${field.sql}) = lower(${add(first)})` : `${field.sql} = ${add(first)}`;
        break;
      case 'NotEqual':
        sql = `${field.sql} IS DISTINCT FROM ${add(first)}`;
        break;
      case 'Contains':
        sql = `${field.sql} ILIKE ${add(containsPattern(first))}`;
        break;
      case 'StartsWith':
        sql = `${field.sql} ILIKE ${add(`${likeEscape(String(first))}%`)}`;
        break;
      case 'GreaterThan':
        sql = `${field.sql} > ${add(first)}`;
        break;
      case 'GreaterThanOrEqual':
        sql = `${field.sql} >= ${add(first)}`;
        break;
      case 'LessThan':
        sql = `${field.sql} < ${add(first)}`;
        break;
      case 'LessThanOrEqual':
        sql = `${field.sql} <= ${add(first)}`;
        break;
      case 'In':
        sql = `${field.sql} = ANY(${add(values)})`;
        break;
      case 'IsNull':
        sql = `${field.sql} IS NULL`;
        break;
      case 'IsNotNull':
        sql = `${field.sql} IS NOT NULL`;
        break;
    }
    const group = spec.orGroups?.find((g) => g.includes(key))?.join('|') ?? `and:${index}`;
    clauses.set(group, [...(clauses.get(group) ?? []), sql]);
  });
  const joined = (entries: [string, string[]][]) => [scope.where, ...entries.map(([, parts]) => `(${parts.join(' OR ')})`)].join(' AND ');
  const where = joined([...clauses.entries()]);
  // The search text apart from every other condition, for a walk that tests it on the rows the others find.
  const text = clauses.get('searchText')?.[0];
  const split = text ? { rest: joined([...clauses.entries()].filter(([key]) => key !== 'searchText')), text } : null;
  const order = query.orderBy.length
    ? query.orderBy
        .map((o, index) => {
          const key = Object.keys(spec.fields).find((f) => f.toLowerCase() === o.field.toLowerCase());
          const field = key ? spec.fields[key] : undefined;
          if (!field || field.sortable === false) {
            throw badRequest('The sort order is not valid.', [{ field: `orderBy.${index}.field`, message: `Cannot sort by '${o.field}'` }]);
          }
          return `${field.sql} ${o.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`;
        })
        .concat(spec.defaultOrder)
        .join(', ')
    : spec.defaultOrder;
  return { where, order, params, split };
}

/**
 * What the caller already knows of the count (that more match than `countCap`, by default the spec's), and whether
 * a first page's plan may be one prepared for every value (decision 0001, prepared reads).
 */
export interface RunOptions {
  moreThanCap?: boolean;
  countCap?: number;
  prepared?: boolean;
}

export async function runQuery<T>(
  q: Queryable,
  spec: ResourceSpec,
  query: ParsedQuery,
  scope?: { where: string; params: unknown[] },
  options: RunOptions = {},
): Promise<QueryResult<T>> {
  const { where, order, params } = buildQuery(spec, query, scope);
  const offset = (query.pageId - 1) * query.pageSize;
  if (spec.decorate || spec.countCap) return runPagedThenCounted<T>(q, spec, { where, order, params }, query.pageSize, offset, options);
  const rows = await q.query<T & { __total: number }>(
    `SELECT ${spec.select}, count(*) OVER ()::int AS __total FROM ${spec.from} WHERE ${where} ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`,
    params,
  );
  let total = rows[0]?.__total ?? 0;
  if (rows.length === 0 && offset > 0) {
    total = (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${spec.from} WHERE ${where}`, params))?.n ?? 0;
  }
  for (const r of rows) delete (r as { __total?: number }).__total;
  return { rows, totalResults: total, totalPages: Math.ceil(total / query.pageSize) };
}

/**
 * A search that reads its matches once (at most `cap + 1` of them), counts them and orders its page among them, in
 * one query: for a search that matches few rows among many. Null when more than `cap` match: the rows read are then
 * not all the matches, and the caller pages with `runQuery(..., { moreThanCap: true })` instead. `prepared` only
 * where one generic plan has been measured to serve every value (decision 0001, prepared reads; 0205).
 */
export async function runMatchesFirst<T>(
  q: Queryable,
  spec: ResourceSpec & { countCap: number },
  query: ParsedQuery,
  scope?: { where: string; params: unknown[] },
  { prepared = false, countCap = spec.countCap }: { prepared?: boolean; countCap?: number } = {},
): Promise<QueryResult<T> | null> {
  const { where, order, params } = buildQuery(spec, query, scope);
  const offset = (query.pageId - 1) * query.pageSize;
  const decorate = spec.decorate ?? { select: 'r.*', joins: '' };
  const read = prepared ? q.queryPrepared : q.query;
  const rows = await read<T & { __total: number }>(
    `WITH matches AS MATERIALIZED (SELECT ${spec.select} FROM ${spec.from} WHERE ${where} LIMIT ${countCap + 1})
     SELECT t.__total, page.* FROM (SELECT count(*)::int AS __total FROM matches) t
     LEFT JOIN LATERAL (SELECT ${decorate.select}, row_number() OVER (ORDER BY ${order}) AS __n
       FROM (SELECT * FROM matches r ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}) r ${decorate.joins}) page ON true
     ORDER BY page.__n`,
    [...params, query.pageSize, offset],
  );
  const total = rows[0]?.__total ?? 0;
  if (total > countCap) return null;
  // No match leaves one row of nulls beside the count (the left join); a row of the page always has its number.
  const page = rows.filter((r) => (r as { __n?: number | null }).__n != null);
  for (const r of page) {
    delete (r as { __total?: number }).__total;
    delete (r as { __n?: number }).__n;
  }
  return { rows: page, totalResults: total, totalPages: Math.ceil(total / query.pageSize) };
}

/**
 * For large tables: the page is found over `from` alone and decorated afterwards; the total is counted in a second
 * query, up to `countCap`, and not at all when the first page already holds every match.
 */
async function runPagedThenCounted<T>(
  q: Queryable,
  spec: ResourceSpec,
  { where, order, params }: { where: string; order: string; params: unknown[] },
  pageSize: number,
  offset: number,
  options: RunOptions,
): Promise<QueryResult<T>> {
  const cap = options.countCap ?? spec.countCap;
  const page = `SELECT ${spec.select} FROM ${spec.from} WHERE ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`;
  const read = options.prepared && offset === 0 ? q.queryPrepared : q.query;
  const rows = spec.decorate
    ? await read<T>(`SELECT ${spec.decorate.select} FROM (${page}) r ${spec.decorate.joins} ORDER BY ${order}`, params)
    : await read<T>(page, params);
  if (options.moreThanCap && cap) return { rows, totalResults: cap, totalPages: Math.ceil(cap / pageSize), isCountCapped: true };
  let total = offset + rows.length;
  let isCountCapped = false;
  if (rows.length === pageSize || (rows.length === 0 && offset > 0)) {
    const counted = await q.one<{ n: number }>(
      cap
        ? `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${spec.from} WHERE ${where} LIMIT ${cap + 1}) capped`
        : `SELECT count(*)::int AS n FROM ${spec.from} WHERE ${where}`,
      params,
    );
    total = counted?.n ?? 0;
    if (cap && total > cap) {
      total = cap;
      isCountCapped = true;
    }
  }
  return { rows, totalResults: total, totalPages: Math.ceil(total / pageSize), isCountCapped };
}
