import { describe, expect, it } from 'vitest';
import { messageQuery } from './query';

describe('the messages grid query', () => {
  const scope = [{ field: 'officeCode', op: 'Equal' as const, values: ['OC100'] }];

  it('sends the scope criteria, page 10 and the sort', () => {
    expect(messageQuery(scope, { pageId: 2, search: '  ', sort: { field: 'title', direction: 'asc' } })).toEqual({
      pageId: 2,
      pageSize: 10,
      criteria: scope,
      orderBy: [{ field: 'title', direction: 'Asc' }],
    });
  });

  it('adds a Contains on message and on title when searching', () => {
    const query = messageQuery(scope, { pageId: 1, search: ' parking ', sort: { field: 'createdOn', direction: 'desc' } });
    expect(query.criteria).toEqual([
      ...scope,
      { field: 'message', op: 'Contains', values: ['parking'] },
      { field: 'title', op: 'Contains', values: ['parking'] },
    ]);
    expect(query.orderBy).toEqual([{ field: 'createdOn', direction: 'Desc' }]);
  });
});
