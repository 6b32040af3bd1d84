import { describe, expect, it } from 'vitest';
import { rebaseEdits } from './useListingForm';

describe('reload and keep my edits', () => {
  it("keeps the member's edited fields, takes everyone else's saved changes, and the saved version", () => {
    const base = { listPrice: 500000, city: 'Irvine', subdivisionName: 'Woodbridge', version: 3 };
    const mine = { listPrice: 525000, city: 'Irvine', subdivisionName: 'Woodbridge', version: 3 };
    const saved = { listPrice: 500000, city: 'Tustin', subdivisionName: 'Old Town', version: 4 };
    expect(rebaseEdits(base, mine, saved)).toEqual({ listPrice: 525000, city: 'Tustin', subdivisionName: 'Old Town', version: 4 });
  });
  it('lets the member win on a field both changed, and keeps a field the member cleared', () => {
    const base = { listPrice: 500000, unitNumber: '4', version: 1 };
    const mine = { listPrice: 510000, unitNumber: null, version: 1 };
    const saved = { listPrice: 520000, unitNumber: '4', version: 2 };
    expect(rebaseEdits(base, mine, saved)).toEqual({ listPrice: 510000, unitNumber: null, version: 2 });
  });
});
