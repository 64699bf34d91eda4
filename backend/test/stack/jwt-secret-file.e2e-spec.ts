import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** Runs `ensure_secret_file <file>` of scripts/lib.sh (what start-stack.sh does for var/jwt-secret). */
function ensureSecretFile(file: string): void {
  execFileSync(
    'bash',
    ['-c', 'umask 022; source scripts/lib.sh; ensure_secret_file "$1"', 'ensure-secret', file],
    { cwd: ROOT, env: { ...process.env, ROOT } },
  );
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the generated JWT secret file (scripts/start-stack.sh: var/jwt-secret)', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'rdv-secret-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is created readable by its owner only (0600), even under a permissive umask, with a long random value', () => {
    const file = path.join(dir, 'jwt-secret');
    ensureSecretFile(file);
    expect(modeOf(file).toString(8)).toBe('600');
    const secret = readFileSync(file, 'utf8').trim();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{64}$/);

    const other = path.join(dir, 'other-secret');
    ensureSecretFile(other);
    expect(readFileSync(other, 'utf8').trim()).not.toBe(secret);
  });

  it('tightens a world-readable file left by an older version, keeping its value (sessions stay valid)', () => {
    const file = path.join(dir, 'jwt-secret');
    writeFileSync(file, 'an-existing-secret-of-at-least-32-characters\n');
    chmodSync(file, 0o644);
    ensureSecretFile(file);
    expect(modeOf(file).toString(8)).toBe('600');
    expect(readFileSync(file, 'utf8')).toBe('an-existing-secret-of-at-least-32-characters\n');
  });
});
