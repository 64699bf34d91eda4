import { spawn } from 'node:child_process';
import path from 'node:path';

const backendDir = path.resolve(__dirname, '..', '..');

/** Runs an entry point from the TypeScript sources (swc require hook) with a controlled environment. */
function runEntry(
  entry: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', './test/support/swc-register.js', entry], {
      cwd: backendDir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const goodSecret = 'x'.repeat(40);

describe('booting with a bad environment', () => {
  it.each(['src/main.ts', 'src/main.worker.ts'])(
    '%s stops with exit code 1 and one line naming DATABASE_URL when it is not a postgres URL',
    async (entry) => {
      const result = await runEntry(entry, { DATABASE_URL: 'mysql://127.0.0.1/rdv', JWT_SECRET: goodSecret });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe('Invalid environment: DATABASE_URL must be a postgres:// URL\n');
      expect(result.stdout).toBe('');
    },
  );

  it('the API stops with one line naming DATABASE_URL when PostgreSQL cannot be reached', async () => {
    const result = await runEntry('src/main.ts', {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/rdv',
      JWT_SECRET: goodSecret,
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Invalid environment: DATABASE_URL cannot connect to PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/rdv/,
    );
  });

  it('the API names JWT_SECRET when it is missing', async () => {
    const result = await runEntry('src/main.ts', { DATABASE_URL: process.env.DATABASE_URL ?? '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Invalid environment: JWT_SECRET must be set (at least 32 characters)\n');
  });
});
