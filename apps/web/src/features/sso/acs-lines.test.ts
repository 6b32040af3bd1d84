import { describe, expect, it } from 'vitest';
import { numberedAcsLines } from './SamlFields';

describe('the staff form keeps every ACS with its index and the default (issue 26 §3)', () => {
  it('keeps stored indexes, gives a new URL the next free one, and marks the chosen default', () => {
    const acs = numberedAcsLines({
      acsUrls: 'https://sp/a\nhttps://sp/new\n\nhttps://sp/c',
      acsDefault: 'https://sp/c',
      acsIndexes: { 'https://sp/a': 0, 'https://sp/c': 1 },
    });
    expect(acs).toEqual([
      { url: 'https://sp/a', binding: 'post', index: 0, isDefault: false },
      { url: 'https://sp/new', binding: 'post', index: 2, isDefault: false },
      { url: 'https://sp/c', binding: 'post', index: 1, isDefault: true },
    ]);
  });
});
