import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The EICAR test file (68 bytes): every antivirus reports it, it harms nothing. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/**
 * A real clamd for tests: Debian's clamav-daemon (scripts/lib.sh installs it), started on a unix
 * socket in a temporary folder with a temporary config and its own signature database: one `.ndb`
 * line with the EICAR pattern, found anywhere in a file (no freshclam: these machines cannot
 * download signatures). `stop()` kills it and removes the folder.
 */
export interface ClamdServer {
  /** CLAMAV_ADDRESS: the unix socket path */
  address: string;
  stop(): Promise<void>;
}

export async function startClamd(): Promise<ClamdServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clamd-'));
  const database = path.join(dir, 'db');
  const socket = path.join(dir, 'clamd.sock');
  mkdirSync(database);
  writeFileSync(
    path.join(database, 'test.ndb'),
    `Eicar-Test-Signature:0:*:${Buffer.from(EICAR, 'latin1').toString('hex')}\n`,
  );
  writeFileSync(
    path.join(dir, 'clamd.conf'),
    [
      'Foreground yes',
      `LocalSocket ${socket}`,
      `DatabaseDirectory ${database}`,
      `TemporaryDirectory ${dir}`,
      'LogSyslog no',
      `LogFile ${path.join(dir, 'clamd.log')}`,
      'StreamMaxLength 25M',
      'MaxThreads 2',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('clamd', ['--config-file', path.join(dir, 'clamd.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!existsSync(socket)) {
    if (child.exitCode !== null) throw new Error(`clamd exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`clamd did not open ${socket}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    address: socket,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
