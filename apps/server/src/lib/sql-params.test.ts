import { describe, expect, it } from 'vitest';
import { sqlParams } from './sql-params';

describe('sqlParams', () => {
  it("numbers each added value after the scope's own, and keeps the list it started from unchanged", () => {
    const scope = ['agent', 7];
    const { params, add } = sqlParams(scope);
    expect(add('Main St%')).toBe('$3');
    expect(add(null)).toBe('$4');
    expect(params).toEqual(['agent', 7, 'Main St%', null]);
    expect(scope).toEqual(['agent', 7]);
    const empty = sqlParams();
    expect(empty.add(1)).toBe('$1');
  });
});
