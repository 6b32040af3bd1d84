import { describe, expect, it } from 'vitest';
import { jumpTarget, pagerItems } from './pager-items';

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
  it('opens a page of the list from Go to page, and says when the page does not exist', () => {
    expect(jumpTarget('', 5)).toBeNull();
    expect(jumpTarget(3, 5)).toEqual({ page: 3 });
    expect(jumpTarget('5', 5)).toEqual({ page: 5 });
    expect(jumpTarget(6, 5)).toEqual({ outOfRange: true });
    expect(jumpTarget(0, 5)).toEqual({ outOfRange: true });
    expect(jumpTarget(2, 0)).toEqual({ outOfRange: true });
  });
});
