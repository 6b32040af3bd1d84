import { articleCreateSchema } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import { zodFormErrors } from '../../../core/forms';
import { initialValues, toLocalInput, toPayload } from './form-values';

describe('article form values', () => {
  it('a new form opens on now, and its payload carries ISO instants and nulls for blanks', () => {
    const now = new Date(2026, 10, 24, 9, 5);
    const values = initialValues(null, now);
    expect(values.publishOn).toBe('2026-11-24T09:05');
    const payload = toPayload({ ...values, title: 'Open House', expiresOn: '2099-12-31T08:00', content: '<p>x</p>' });
    expect(payload.publishOn).toBe(now.toISOString());
    expect(payload.expiresOn).toBe(new Date(2099, 11, 31, 8, 0).toISOString());
    expect(payload.promoteOn).toBeNull();
    expect(payload.imageUrl).toBeNull();
  });

  it('round-trips stored instants through the local inputs', () => {
    const iso = new Date(2027, 0, 8, 14, 30).toISOString();
    expect(new Date(toLocalInput(iso)).toISOString()).toBe(iso);
    expect(toLocalInput(null)).toBe('');
  });

  it('the form shows the schema messages of the server, one per field', () => {
    const errors = zodFormErrors(articleCreateSchema(), toPayload({ ...initialValues(null), title: 'Hi', expiresOn: '2020-01-01T10:00' }));
    expect(errors).toEqual({
      title: 'Title must be 5 to 200 characters',
      expiresOn: 'Expires On must be after Publish On',
      content: 'Article Body Required',
    });
  });
});
