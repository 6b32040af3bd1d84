import { describe, expect, it } from 'vitest';
import { ChangeWatch } from './change-watch';

/** A load that counts its calls and answers the count; `gate` holds it until released. */
function counter() {
  let calls = 0;
  let release: (() => void) | null = null;
  return {
    load: async () => {
      calls += 1;
      const n = calls;
      if (release === null) return n;
      await new Promise<void>((resolve) => {
        const before = release;
        release = () => {
          before?.();
          resolve();
        };
      });
      return n;
    },
    hold() {
      release = () => undefined;
    },
    open() {
      const r = release;
      release = null;
      r?.();
    },
    get calls() {
      return calls;
    },
  };
}

describe('ChangeWatch and its caches (decision 0998)', () => {
  it('reads the database every time while it hears no signals', async () => {
    const watch = new ChangeWatch();
    const cache = watch.cache<number>('applications', 10);
    const c = counter();
    expect(await cache.get('a', c.load)).toBe(1);
    expect(await cache.get('a', c.load)).toBe(2);
  });

  it('keeps an answer until a signal of its topic, or of its topic and key', async () => {
    const watch = new ChangeWatch();
    watch.connected();
    const apps = watch.cache<number>('applications', 10);
    const accounts = watch.cache<number>('account', 10);
    const c = counter();
    expect(await apps.get('x', c.load)).toBe(1);
    expect(await accounts.get('42', c.load)).toBe(2);
    expect(await accounts.get('43', c.load)).toBe(3);
    expect(await apps.get('x', c.load)).toBe(1);

    watch.signal('account:42');
    expect(await accounts.get('42', c.load)).toBe(4);
    expect(await accounts.get('43', c.load)).toBe(3);
    expect(await apps.get('x', c.load)).toBe(1);

    watch.signal('applications');
    expect(await apps.get('x', c.load)).toBe(5);
    watch.signal('account');
    expect(await accounts.get('43', c.load)).toBe(6);
  });

  it('does not keep an answer read while its topic changed', async () => {
    const watch = new ChangeWatch();
    watch.connected();
    const cache = watch.cache<number>('grant', 10);
    const c = counter();
    c.hold();
    const pending = cache.get('g', c.load);
    watch.signal('grant:other');
    c.open();
    expect(await pending).toBe(1);
    expect(await cache.get('g', c.load)).toBe(2);
    expect(await cache.get('g', c.load)).toBe(2);
  });

  it('shares one read among callers who miss together, unless its key changes meanwhile', async () => {
    const watch = new ChangeWatch();
    watch.connected();
    const cache = watch.cache<number>('account', 10);
    const c = counter();
    c.hold();
    const first = cache.get('7', c.load);
    const second = cache.get('7', c.load);
    watch.signal('account:7');
    const third = cache.get('7', c.load);
    c.open();
    expect(await Promise.all([first, second, third])).toEqual([1, 1, 2]);
    expect(c.calls).toBe(2);
  });

  it('peeks at a kept answer without waiting, and at nothing once a signal, a loss or no signal says it may be old', async () => {
    const watch = new ChangeWatch();
    const accounts = watch.cache<number>('account', 10);
    const c = counter();
    expect(await accounts.get('42', c.load)).toBe(1);
    // Heard no signal yet: nothing is kept, so nothing is peeked.
    expect(accounts.peek('42')).toBeUndefined();
    watch.connected();
    expect(await accounts.get('42', c.load)).toBe(2);
    expect(accounts.peek('42')).toBe(2);
    expect(accounts.peek('43')).toBeUndefined();
    watch.signal('account:42');
    expect(accounts.peek('42')).toBeUndefined();
    expect(await accounts.get('42', c.load)).toBe(3);
    watch.disconnected();
    expect(accounts.peek('42')).toBeUndefined();
  });

  it('forgets everything when the connection is lost, and bypasses until it is back', async () => {
    const watch = new ChangeWatch();
    watch.connected();
    const cache = watch.cache<number>('ads', 10);
    const c = counter();
    expect(await cache.get('1', c.load)).toBe(1);
    watch.disconnected();
    expect(await cache.get('1', c.load)).toBe(2);
    expect(await cache.get('1', c.load)).toBe(3);
    watch.connected();
    expect(await cache.get('1', c.load)).toBe(4);
    expect(await cache.get('1', c.load)).toBe(4);
  });

  it('keeps an answer that changes with time only until then', async () => {
    let now = 1_000_000;
    const watch = new ChangeWatch({ now: () => now });
    watch.connected();
    const cache = watch.cache<number>('system-notifications', 10);
    const c = counter();
    expect(await cache.get('1', c.load, () => 60_000)).toBe(1);
    now += 59_000;
    expect(await cache.get('1', c.load, () => 60_000)).toBe(1);
    now += 2_000;
    expect(await cache.get('1', c.load, () => 0)).toBe(2);
    expect(await cache.get('1', c.load, () => 0)).toBe(3);
  });
});
