import type { ParsedQuery } from '@portico/shared';
import type { Queryable } from '../db/index';
import { buildQuery, type QueryResult, type ResourceSpec } from './query-engine';

export interface WalkOptions {
  /**
   * The most rows the walk reads before it gives up: it then answers only when it met more than `countCap` matches.
   * Without it the caller knows that more match (a count said so), and the walk stops at the page's last match.
   */
  walkRows?: number;
  countCap: number;
  prepared?: boolean;
}

/**
 * A search text dense among the rows it searches (a city among one status's listings): the rows are walked in the
 * list's order, at most `walkRows` of them, through an ordered index that carries `spec.walkColumns`, the text is
 * tested on each, and the walk stops at the `countCap + 1`-th match (the filter and the limit keep the walk's order:
 * an ORDER BY there would sort, reading all `walkRows` first). Having met them, it knows that more than the
 * cap match, and the page is among the first matches: the answer is that page, its count capped. Otherwise null,
 * and the caller counts exactly (the walk may have stopped short of the rows searched). A dense text costs a few
 * thousand rows tested in the index, where its trigrams' index entries run to tens of thousands (decision 0205).
 * The walk reads only `walkColumns`, and the page's own rows are read by key: a walk reading whole rows made the
 * planner prefer the primary key's order, through every status.
 */
export async function runWalkFirst<T>(
  q: Queryable,
  spec: ResourceSpec & { walkColumns: string },
  query: ParsedQuery,
  scope: { where: string; params: unknown[] },
  { walkRows, countCap, prepared = false }: WalkOptions,
): Promise<QueryResult<T> | null> {
  const { order, params, split } = buildQuery(spec, query, scope);
  if (!split) return null;
  const offset = (query.pageId - 1) * query.pageSize;
  const matches = walkRows ? countCap + 1 : offset + query.pageSize;
  if (offset + query.pageSize > countCap) return null;
  const decorate = spec.decorate ?? { select: 'r.*', joins: '' };
  const read = prepared ? q.queryPrepared : q.query;
  const rows = await read<T & { __total: number }>(
    `WITH walked AS MATERIALIZED (
       SELECT r.* FROM (SELECT ${spec.walkColumns} FROM ${spec.from} WHERE ${split.rest} ORDER BY ${order}${walkRows ? ` LIMIT ${walkRows}` : ''}) r
       WHERE ${split.text} LIMIT ${matches})
     SELECT t.__total, page.* FROM (SELECT count(*)::int AS __total FROM walked) t
     LEFT JOIN LATERAL (SELECT ${decorate.select}, row_number() OVER (ORDER BY ${order}) AS __n
       FROM (SELECT r.* FROM ${spec.from}
         WHERE r.id = ANY(ARRAY(SELECT r.id FROM walked r ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}))) r
       ${decorate.joins}) page ON true
     ORDER BY page.__n`,
    [...params, query.pageSize, offset],
  );
  if (walkRows && (rows[0]?.__total ?? 0) <= countCap) return null;
  // No match on the page leaves one row of nulls beside the count (the left join).
  const page = rows.filter((r) => (r as { __n?: number | null }).__n != null);
  for (const r of page) {
    delete (r as { __total?: number }).__total;
    delete (r as { __n?: number }).__n;
  }
  return { rows: page, totalResults: countCap, totalPages: Math.ceil(countCap / query.pageSize), isCountCapped: true };
}
