import { describe, expect, it } from 'vitest';
import { indexParts, patternTrigrams } from './trigrams';

describe('trigrams of a contains-pattern', () => {
  it('are those pg_trgm extracts: lower case, words padded only where a space bounds them', () => {
    expect([...patternTrigrams('AA26')]).toEqual(['aa2', 'a26']);
    expect([...patternTrigrams('5815 Ventura')]).toEqual(['581', '815', '15 ', '  v', ' ve', 'ven', 'ent', 'ntu', 'tur', 'ura']);
    expect([...patternTrigrams('ab')]).toEqual([]);
    expect([...patternTrigrams('50%_off')]).toEqual(['50 ', '  o', ' of', 'off']);
  });
});

describe('the parts of a text worth looking up in a trigram index', () => {
  const common = new Set(['aa2', 'a26', '260', '  v', 'san']);

  it('are the runs of rare trigrams when the text has a common one', () => {
    expect(indexParts('AA26036492', common)).toEqual(['6036492']);
    expect(indexParts('aa2603', common)).toEqual(['603']);
    expect(indexParts('5815 Ventura', common)).toEqual(['5815', 'Ventura']);
    expect(indexParts('Sant Ana', common)).toEqual(['ant', 'Ana']);
  });

  it('are none (the whole text) when no trigram is common, or every one is', () => {
    expect(indexParts('036492', common)).toBeNull();
    expect(indexParts('Riverside', common)).toBeNull();
    expect(indexParts('San', common)).toBeNull();
    expect(indexParts('AA26', common)).toBeNull();
    expect(indexParts('anything', new Set())).toBeNull();
  });
});
