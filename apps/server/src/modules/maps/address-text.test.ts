import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { addressWords, parseAddressText, prefixEnd, WORD_SEPARATORS } from './address-text';

describe('address type-ahead text', () => {
  it('splits on anything but letters and digits, lower-cased, at most six words', () => {
    expect(addressWords('  16500 Ocean Blvd., Huntington-Beach #4 ')).toEqual(['16500', 'ocean', 'blvd', 'huntington', 'beach', '4']);
    expect(addressWords('1 2 3 4 5 6 7 8')).toHaveLength(6);
    expect(addressWords(' ,#- ')).toEqual([]);
    expect(parseAddressText(' , ')).toBeNull();
  });

  it('separates words at the same punctuation as the stored words of migration 0211', () => {
    const sql = readFileSync(join(MIGRATIONS_DIR, '0211_address_search_words.sql'), 'utf8');
    expect(sql).toContain(
      `translate(lower(search_text), '${WORD_SEPARATORS.replace(/'/g, "''")}', '${' '.repeat(WORD_SEPARATORS.length)}')`,
    );
    for (const separator of WORD_SEPARATORS) expect(addressWords(`Elm${separator}12`)).toEqual(['elm', '12']);
  });

  it('wants every word whole but the last, which may be the start of a word', () => {
    expect(parseAddressText('123 Main, Hunt')?.patterns).toEqual([' 123 ', ' main ', ' hunt']);
    expect(parseAddressText('Ocean')?.patterns).toEqual([' ocean']);
  });

  it('starts from a complete house number or ZIP when there is one', () => {
    expect(parseAddressText('123 Mai')?.anchor).toEqual({ kind: 'number', value: '123', isExact: true });
    expect(parseAddressText('Ocean 16500 Blvd')?.anchor).toEqual({ kind: 'number', value: '16500', isExact: true });
    expect(parseAddressText('92648 Main')?.anchor).toEqual({ kind: 'number', value: '92648', isExact: true });
  });

  it('starts from the longest name word otherwise, or from a number still being typed', () => {
    expect(parseAddressText('N Ocean')?.anchor).toEqual({ kind: 'name', value: 'ocean', isExact: false });
    expect(parseAddressText('Main St 12')?.anchor).toEqual({ kind: 'name', value: 'main', isExact: false });
    expect(parseAddressText('926')?.anchor).toEqual({ kind: 'number', value: '926', isExact: false });
    expect(parseAddressText('St 12')?.anchor).toEqual({ kind: 'number', value: '12', isExact: false });
    expect(parseAddressText('St')?.anchor).toEqual({ kind: 'name', value: 'st', isExact: false });
  });

  it('ends a prefix range just above every string that starts with the prefix', () => {
    expect(prefixEnd('main')).toBe('maio');
    expect(prefixEnd('12')).toBe('13');
    expect(prefixEnd('19')).toBe('1:');
    expect('main st' < prefixEnd('main') && 'maio' >= prefixEnd('main')).toBe(true);
  });
});
