import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { sortableAnnouncements } from './sortable-announcements';

const names: Record<string, string> = { 61: 'Authenticator app: Phone', 62: 'E-mail: a***@example.com' };
const active = (id: number) => ({ id }) as unknown as Active;
const over = (id: number) => ({ id }) as unknown as Over;

describe('drag and drop announcements', () => {
  it('read names and positions, never internal ids', () => {
    const say = sortableAnnouncements([61, 62], (id) => names[String(id)]);
    const lines = [
      say.onDragStart({ active: active(61) }),
      say.onDragOver({ active: active(61), over: over(62) }),
      say.onDragEnd({ active: active(61), over: over(62) }),
      say.onDragCancel({ active: active(62), over: null }),
    ];
    expect(lines).toEqual([
      'Picked up Authenticator app: Phone, position 1 of 2.',
      'Authenticator app: Phone moved to position 2 of 2.',
      'Authenticator app: Phone dropped at position 2 of 2.',
      'Moving E-mail: a***@example.com was cancelled; it stays at position 2 of 2.',
    ]);
    for (const line of lines) expect(line).not.toMatch(/\b6[12]\b/);
    expect(say.onDragOver({ active: active(62), over: over(62) })).toBe('E-mail: a***@example.com is at position 2 of 2.');
  });
});
