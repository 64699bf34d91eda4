import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadAtMostOnceAMinute } from './chunk-reload';

function env(start: number) {
  const store = new Map<string, string>();
  let now = start;
  const reload = vi.fn();
  return {
    reload,
    tick: (ms: number) => (now += ms),
    env: {
      storage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
      },
      now: () => now,
      reload,
    },
  };
}

describe('reload after a chunk failed to load (docs/product.md §8)', () => {
  it('reloads at most once per minute', () => {
    const t = env(1_000_000);
    expect(reloadAtMostOnceAMinute(t.env)).toBe(true);
    t.tick(59_000);
    expect(reloadAtMostOnceAMinute(t.env)).toBe(false);
    t.tick(1_000);
    expect(reloadAtMostOnceAMinute(t.env)).toBe(true);
    expect(t.reload).toHaveBeenCalledTimes(2);
  });

  it('recognises the browsers’ chunk load errors only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('database down'))).toBe(false);
  });
});
