import { querySchema } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { buildQuery, type ResourceSpec } from './query-engine';

const spec: ResourceSpec = {
  from: 'things t',
  select: 't.*',
  fields: {
    status: { sql: 't.status', type: 'text' },
    listingId: { sql: 't.listing_id', type: 'text' },
    address: { sql: 't.address', type: 'text' },
    price: { sql: 't.price', type: 'number' },
    secret: { sql: 't.secret', type: 'text', ops: ['Equal'], sortable: false },
  },
  defaultOrder: 't.id ASC',
  orGroups: [['listingId', 'address']],
};

const parse = (input: unknown) => querySchema.parse(input);

describe('query engine', () => {
  it('maps criteria through the allow-list, with values as parameters', () => {
    const { where, params, order } = buildQuery(
      spec,
      parse({
        criteria: [
          { field: 'status', op: 'NotEqual', values: ['Z'] },
          { field: 'listingId', op: 'Contains', values: ["1'; drop table x;--"] },
          { field: 'ADDRESS', op: 'contains', values: ['main'] },
        ],
        orderBy: [{ field: 'price', direction: 'DESC' }],
      }),
      { where: 't.owner = $1', params: [7] },
    );
    expect(where).toBe('t.owner = $1 AND (t.status IS DISTINCT FROM $2) AND (t.listing_id ILIKE $3 OR t.address ILIKE $4)');
    expect(params).toEqual([7, 'Z', "%1'; drop table x;--%", '%main%']);
    expect(order).toBe('t.price DESC NULLS LAST, t.id ASC');
  });

  describe('a search text over several fields', () => {
    const searching = { ...spec, searchText: { fields: ['listingId', 'address'], sql: 't.search_text' } };
    const text = (field: string, value: string, op = 'Contains') => ({ field, op, values: [value] });

    it('becomes one condition on the joined column when one text is contained in all of them', () => {
      const { where, params } = buildQuery(
        searching,
        parse({ criteria: [text('status', 'A', 'Equal'), text('listingId', 'Main'), text('address', 'Main')] }),
        { where: 't.owner = $1', params: [7] },
      );
      expect(where).toBe('t.owner = $1 AND (t.search_text ILIKE $2) AND (lower(t.status) = lower($3))');
      expect(params).toEqual([7, '%Main%', 'A']);
    });

    it('looks up only the index parts of a text, and tests the whole text on an expression no index serves', () => {
      const parted = {
        ...searching,
        searchText: { ...searching.searchText, indexParts: (t: string) => (t === 'AA26036492' ? ['6036492'] : null) },
      };
      const both = (t: string) => buildQuery(parted, parse({ criteria: [text('listingId', t), text('address', t)] }));
      expect(both('AA26036492')).toMatchObject({
        where: "TRUE AND (t.search_text ILIKE $1 AND (t.search_text || '') ILIKE $2)",
        params: ['%6036492%', '%AA26036492%'],
      });
      expect(both('Main')).toMatchObject({ where: 'TRUE AND (t.search_text ILIKE $1)', params: ['%Main%'] });
    });

    it('tests a column stored in lower case with LIKE and the lower-cased text, parts included', () => {
      const lowered = {
        ...searching,
        searchText: { ...searching.searchText, lowered: true, indexParts: (t: string) => (t === 'AA26036492' ? ['6036492'] : null) },
      };
      const both = (t: string) => buildQuery(lowered, parse({ criteria: [text('listingId', t), text('address', t)] }));
      expect(both('Main St_1')).toMatchObject({ where: 'TRUE AND (t.search_text LIKE $1)', params: ['%main st\\_1%'] });
      expect(both('AA26036492')).toMatchObject({
        where: "TRUE AND (t.search_text LIKE $1 AND (t.search_text || '') LIKE $2)",
        params: ['%6036492%', '%aa26036492%'],
      });
    });

    it.each([
      ['different texts', [text('listingId', 'AA1'), text('address', 'Main')]],
      ['one field only', [text('address', 'Main')]],
      ['another operator', [text('listingId', 'Main', 'StartsWith'), text('address', 'Main')]],
      ['a field twice', [text('listingId', 'Main'), text('address', 'Main'), text('address', 'Main')]],
    ])('keeps the fields apart for %s', (_case, criteria) => {
      const { where } = buildQuery(searching, parse({ criteria }));
      expect(where).not.toContain('search_text');
      expect(where).toContain('t.address ILIKE');
    });
  });

  it('writes an inlined closed-set value as a literal of its allow-list, never of the request', () => {
    const closed = {
      ...spec,
      fields: { ...spec.fields, state: { sql: 't.state', type: 'text' as const, values: ['Sent to MLS', "O'Neil"], inlined: true } },
    };
    const equal = (value: string) => buildQuery(closed, parse({ criteria: [{ field: 'state', op: 'Equal', values: [value] }] }));
    expect(equal('sent TO mls')).toMatchObject({ where: "TRUE AND (t.state = 'Sent to MLS')", params: [] });
    expect(equal("o'neil").where).toBe("TRUE AND (t.state = 'O''Neil')");
    expect(() => equal("x' OR '1'='1")).toThrow(AppError);
    const any = buildQuery(closed, parse({ criteria: [{ field: 'state', op: 'In', values: ['sent to mls'] }] }));
    expect(any).toMatchObject({ where: 'TRUE AND (t.state = ANY($1))', params: [['Sent to MLS']] });
  });

  it('escapes LIKE wildcards in contains', () => {
    const { params } = buildQuery(spec, parse({ criteria: [{ field: 'address', op: 'Contains', values: ['50%_off'] }] }));
    expect(params).toEqual(['%50\\%\\_off%']);
  });

  it.each([
    [{ criteria: [{ field: 'password', op: 'Equal', values: ['x'] }] }, 'criteria.0.field'],
    [{ criteria: [{ field: 'secret', op: 'Contains', values: ['x'] }] }, 'criteria.0.op'],
    [{ criteria: [{ field: 'price', op: 'Equal', values: ['cheap'] }] }, 'criteria.0.field'],
    [{ criteria: [{ field: 'price', op: 'Equal', values: [] }] }, 'criteria.0.values'],
    [{ orderBy: [{ field: 'secret' }] }, 'orderBy.0.field'],
  ])('refuses %j with a field error', (input, field) => {
    try {
      buildQuery(spec, parse(input));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).fieldErrors[0].field).toBe(field);
    }
  });

  it('rejects unknown operators and oversize pages at the schema', () => {
    expect(querySchema.safeParse({ criteria: [{ field: 'a', op: 'Regex', values: [] }] }).success).toBe(false);
    expect(querySchema.safeParse({ pageSize: 100_000 }).success).toBe(false);
    expect(querySchema.parse({}).pageSize).toBe(10);
  });
});
