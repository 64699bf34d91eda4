import { redisConnectionOptions } from './redis.module';

describe('redisConnectionOptions', () => {
  it('connects to the REDIS_URL server when no sentinel is configured', () => {
    expect(redisConnectionOptions({ REDIS_URL: 'redis://:secret@10.0.0.4:6380/2' })).toEqual({
      host: '10.0.0.4',
      port: 6380,
      username: undefined,
      password: 'secret',
      db: 2,
      tls: undefined,
    });
  });

  it('asks the sentinels for the primary, with the password, database and TLS of REDIS_URL (its host ignored)', () => {
    const options = redisConnectionOptions({
      REDIS_URL: 'rediss://:secret@ignored.example:6379/1',
      REDIS_SENTINELS: [
        { host: '10.0.0.5', port: 26379 },
        { host: '10.0.0.6', port: 26379 },
      ],
      REDIS_SENTINEL_NAME: 'rdv-primary',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
    });
    expect(options).toMatchObject({
      sentinels: [
        { host: '10.0.0.5', port: 26379 },
        { host: '10.0.0.6', port: 26379 },
      ],
      name: 'rdv-primary',
      role: 'master',
      password: 'secret',
      db: 1,
      tls: {},
      sentinelPassword: 'sentinel-secret',
      enableTLSForSentinelMode: true,
      failoverDetector: true,
    });
    expect(options).not.toHaveProperty('host');
    // A write that reached a demoted primary reconnects (to the new one) and is sent again.
    expect(
      options.reconnectOnError?.(new Error("READONLY You can't write against a read only replica.")),
    ).toBe(2);
    expect(options.reconnectOnError?.(new Error('ERR unknown command'))).toBe(false);
  });
});
