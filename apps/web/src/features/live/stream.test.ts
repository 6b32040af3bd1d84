import { describe, expect, it } from 'vitest';
import { parseEvents } from './stream';

describe('parseEvents (the live stream as the browser reads it)', () => {
  it('reads whole events, skips comments and unknown data, and keeps an incomplete event for the next chunk', () => {
    const text =
      'retry: 2000\n\n: heartbeat\n\nevent: ready\ndata: {"type":"ready"}\n\n' +
      'event: chat\r\ndata: {"type":"chat","workItemId":7,"fromStaff":true}\r\n\r\n' +
      'data: {"type":"nope"}\n\ndata: not json\n\nevent: cases\ndata: {"type":"ca';
    const { events, rest } = parseEvents(text);
    expect(events).toEqual([{ type: 'ready' }, { type: 'chat', workItemId: 7, fromStaff: true }]);
    expect(rest).toBe('event: cases\ndata: {"type":"ca');
    expect(parseEvents(`${rest}ses"}\n\n`).events).toEqual([{ type: 'cases' }]);
  });
});
