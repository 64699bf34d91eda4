import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, GATEWAY_API_ORIGIN } from './config.server';

describe('apiUrl (the pages’ loaders)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is API_URL without its trailing slash', () => {
    vi.stubEnv('API_URL', 'http://127.0.0.1:3001/');
    expect(apiUrl()).toBe('http://127.0.0.1:3001');
  });

  it('takes the API replicas of a comma-separated API_URL in turn', () => {
    vi.stubEnv('API_URL', 'http://127.0.0.1:3001, http://127.0.0.1:3002/');
    const seen = [apiUrl(), apiUrl(), apiUrl(), apiUrl()];
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen.sort()).toEqual([
      'http://127.0.0.1:3001',
      'http://127.0.0.1:3001',
      'http://127.0.0.1:3002',
      'http://127.0.0.1:3002',
    ]);
  });

  it('takes the gateway’s next ready replica when the gateway publishes its choice', () => {
    vi.stubEnv('API_URL', 'http://127.0.0.1:3001,http://127.0.0.1:3002');
    const globals = globalThis as Record<symbol, unknown>;
    globals[GATEWAY_API_ORIGIN] = () => 'http://127.0.0.1:3002';
    try {
      expect([apiUrl(), apiUrl(), apiUrl()]).toEqual(Array(3).fill('http://127.0.0.1:3002'));
    } finally {
      delete globals[GATEWAY_API_ORIGIN];
    }
  });
});
