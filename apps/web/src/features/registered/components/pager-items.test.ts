import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager-items';

describe('server table pager', () => {
  it('shows 3 links around the page and 2 margin pages at each end', () => {
    expect(pagerItems(10, 20)).toEqual([1, 2, 'gap', 9, 10, 11, 'gap', 19, 20]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 'gap', 19, 20]);
    expect(pagerItems(20, 20)).toEqual([1, 2, 'gap', 18, 19, 20]);
  });
  it('shows every page when there are few, and nothing without pages', () => {
    expect(pagerItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerItems(1, 0)).toEqual([]);
  });
});
