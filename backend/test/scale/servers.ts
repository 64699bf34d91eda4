import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { Client } from 'pg';

/**
 * Throwaway servers of the scale tests, on loopback ports of their own (SCALE_PORT_BASE, default 3700):
 * a PostgreSQL primary and its streaming replica, Redis primaries / replicas and sentinels. Never the
 * machine's PostgreSQL on 5432 or Redis on 6379.
 */
export const PORT_BASE = Number(process.env.SCALE_PORT_BASE ?? 3700);

export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

// ---- PostgreSQL -------------------------------------------------------------------------------------------

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`${name} not found under ${root}/*/bin`);
  return path.join(root, versions[0], 'bin', name);
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` system user. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function pg(name: string, args: string[]): string {
  const [command, argv] = asPostgres(postgresBin(name), args);
  return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface PgServer {
  port: number;
  dataDir: string;
  url(database: string): string;
  start(): void;
  stop(mode?: 'fast' | 'immediate'): void;
}

function serverAt(dir: string, dataDir: string, port: number): PgServer {
  return {
    port,
    dataDir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start() {
      pg('pg_ctl', [
        'start',
        '-w',
        '-t',
        '60',
        '-D',
        dataDir,
        '-l',
        path.join(dir, `postgres-${port}.log`),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      ]);
    },
    stop(mode = 'fast') {
      if (existsSync(path.join(dataDir, 'postmaster.pid')))
        pg('pg_ctl', ['stop', '-w', '-m', mode, '-D', dataDir]);
    },
  };
}

/**
 * A primary (initdb) and its hot-standby streaming replica (pg_basebackup -R), both on 127.0.0.1,
 * in a temporary directory removed by `destroy`.
 */
export async function startPrimaryAndReplica(
  primaryPort = PORT_BASE,
  replicaPort = PORT_BASE + 1,
): Promise<{ primary: PgServer; replica: PgServer; destroy: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rdv-pg-replica-'));
  chmodSync(dir, 0o755);
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  pg('initdb', [
    '-D',
    primaryDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const conf = [
    'wal_level = replica',
    'max_wal_senders = 4',
    'hot_standby = on',
    'fsync = off',
    'full_page_writes = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
  ].join('\n');
  const [command, argv] = asPostgres('tee', ['-a', path.join(primaryDir, 'postgresql.conf')]);
  execFileSync(command, argv, { input: `\n${conf}\n`, stdio: ['pipe', 'ignore', 'inherit'] });
  const [hbaCommand, hbaArgv] = asPostgres('tee', ['-a', path.join(primaryDir, 'pg_hba.conf')]);
  execFileSync(hbaCommand, hbaArgv, {
    input: '\nhost replication postgres 127.0.0.1/32 trust\n',
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const primary = serverAt(dir, primaryDir, primaryPort);
  const replica = serverAt(dir, replicaDir, replicaPort);
  primary.start();
  pg('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  replica.start();
  const destroy = () => {
    for (const server of [replica, primary]) {
      try {
        server.stop('immediate');
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor('the replica to stream', async () => {
      const client = new Client({ connectionString: primary.url('postgres') });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming'`,
        );
        return rows[0].n === 1;
      } finally {
        await client.end();
      }
    });
  } catch (error) {
    destroy();
    throw error;
  }
  return { primary, replica, destroy };
}

/** Waits until the replica has replayed everything the primary had written when called. */
export async function replicaCaughtUp(
  primaryUrl: string,
  replicaUrl: string,
  timeoutMs = 20_000,
): Promise<void> {
  const primary = new Client({ connectionString: primaryUrl });
  const replica = new Client({ connectionString: replicaUrl });
  await primary.connect();
  await replica.connect();
  try {
    const { rows } = await primary.query(`SELECT pg_current_wal_insert_lsn()::text AS lsn`);
    await waitFor(
      'the replica to catch up',
      async () => {
        const r = await replica.query(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done`, [rows[0].lsn]);
        return r.rows[0].done === true;
      },
      timeoutMs,
    );
  } finally {
    await primary.end();
    await replica.end();
  }
}

// ---- Redis ------------------------------------------------------------------------------------------------

export interface RedisProcess {
  port: number;
  child: ChildProcess;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

async function redisAnswers(port: number): Promise<boolean> {
  const probe = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

function spawnRedis(command: string, args: string[], port: number): RedisProcess {
  const child = spawn(command, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    child,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A Redis server on 127.0.0.1:`port`, in memory only; `replicaOf` makes it a replica of that port. */
export async function startRedis(port: number, replicaOf?: number): Promise<RedisProcess> {
  // Its own directory: a replica writes the primary's snapshot to disk while it syncs.
  const dir = mkdtempSync(path.join(tmpdir(), 'rdv-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ];
  if (replicaOf) args.push('--replicaof', '127.0.0.1', String(replicaOf));
  const server = spawnRedis('redis-server', args, port);
  await waitFor(`redis on ${port}`, () => redisAnswers(port));
  const kill = server.kill;
  server.kill = async (signal) => {
    await kill(signal);
    rmSync(dir, { recursive: true, force: true });
  };
  return server;
}

/**
 * A sentinel (Debian's redis-sentinel) on 127.0.0.1:`port` watching the primary on `masterPort` under
 * `name`, with a quorum of one and short timeouts so that a failover takes a few seconds.
 */
export async function startSentinel(port: number, name: string, masterPort: number): Promise<RedisProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rdv-sentinel-'));
  const file = path.join(dir, 'sentinel.conf');
  writeFileSync(
    file,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${name} 127.0.0.1 ${masterPort} 1`,
      `sentinel down-after-milliseconds ${name} 1000`,
      `sentinel failover-timeout ${name} 5000`,
      `sentinel parallel-syncs ${name} 1`,
      '',
    ].join('\n'),
  );
  const server = spawnRedis('redis-sentinel', [file], port);
  await waitFor(`sentinel on ${port}`, () => redisAnswers(port));
  const kill = server.kill;
  server.kill = async (signal) => {
    await kill(signal);
    rmSync(dir, { recursive: true, force: true });
  };
  return server;
}
