import { describe, expect, it, vi } from 'vitest';
import { loadedModule } from './loaded-module';

describe('loadedModule (decision 0970)', () => {
  it('fetches once and reads the module synchronously once it has arrived', async () => {
    const fetch = vi.fn(async () => ({ name: 'gate' }));
    const chunk = loadedModule(fetch);
    expect(chunk.current()).toBeUndefined();
    const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
    expect(a).toBe(b);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(chunk.current()).toEqual({ name: 'gate' });
  });

  it('fetches again after a failure and keeps nothing of it', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ name: 'gate' });
    const chunk = loadedModule<{ name: string }>(fetch);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.current()).toBeUndefined();
    await expect(chunk.load()).resolves.toEqual({ name: 'gate' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
