import { describe, expect, it } from 'vitest';
import { searchRequestOf } from './list-criteria';

describe('registered list request', () => {
  it('always excludes Z and orders by registeredStatus ascending by default', () => {
    expect(searchRequestOf({ pageId: 1, pageSize: 10, text: ' ', status: null, sort: null })).toEqual({
      pageId: 1,
      pageSize: 10,
      criteria: [{ field: 'standardStatus', op: 'NotEqual', values: ['Z'] }],
      orderBy: [{ field: 'registeredStatus', direction: 'asc' }],
    });
  });

  it('adds the status and the text over listing id and address, and the chosen sort', () => {
    const request = searchRequestOf({
      pageId: 3,
      pageSize: 20,
      text: ' Ocean ',
      status: 'Expired',
      sort: { field: 'listPrice', direction: 'desc' },
    });
    expect(request.criteria).toEqual([
      { field: 'standardStatus', op: 'NotEqual', values: ['Z'] },
      { field: 'registeredStatus', op: 'Equal', values: ['Expired'] },
      { field: 'listingId', op: 'Contains', values: ['Ocean'] },
      { field: 'propertyAddress', op: 'Contains', values: ['Ocean'] },
    ]);
    expect(request.orderBy).toEqual([{ field: 'listPrice', direction: 'desc' }]);
  });
});
