import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real CalDAV server for tests: Debian's radicale (scripts/lib.sh installs it) on a free loopback port,
 * with a temporary storage folder and plain-text htpasswd users. `stop()` kills it and removes the folder.
 */
export interface RadicaleServer {
  url: string;
  /** MKCALENDAR /<user>/<name>/ and returns the collection URL */
  makeCalendar(user: string, name: string, displayName?: string): Promise<string>;
  /** PUT an object as another CalDAV client would; returns its URL */
  putObject(user: string, calendarUrl: string, fileName: string, ics: string): Promise<string>;
  deleteObject(user: string, objectUrl: string): Promise<void>;
  getObject(user: string, objectUrl: string): Promise<{ status: number; body: string }>;
  /** names of the .ics objects in a calendar */
  listObjects(user: string, calendarUrl: string): Promise<string[]>;
  setPassword(user: string, password: string): void;
  stop(): Promise<void>;
}

export async function startRadicale(users: Record<string, string>): Promise<RadicaleServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'radicale-'));
  const port = await freePort();
  const passwords = { ...users };
  const writeUsers = () =>
    writeFileSync(
      path.join(dir, 'users'),
      Object.entries(passwords)
        .map(([u, p]) => `${u}:${p}`)
        .join('\n') + '\n',
    );
  writeUsers();
  writeFileSync(
    path.join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('radicale', ['--config', path.join(dir, 'config')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child, () => stderr);

  const auth = (user: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${passwords[user]}`).toString('base64')}`,
  });
  return {
    url,
    async makeCalendar(user, name, displayName = name) {
      const collection = `${url}/${user}/${name}/`;
      const body =
        '<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
        `<D:set><D:prop><D:displayname>${displayName}</D:displayname>` +
        '<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>' +
        '</D:prop></D:set></C:mkcalendar>';
      const response = await fetch(collection, { method: 'MKCALENDAR', headers: auth(user), body });
      if (response.status !== 201) throw new Error(`MKCALENDAR ${collection}: ${response.status}`);
      return collection;
    },
    async putObject(user, calendarUrl, fileName, ics) {
      const objectUrl = new URL(fileName, calendarUrl).href;
      const response = await fetch(objectUrl, {
        method: 'PUT',
        headers: { ...auth(user), 'content-type': 'text/calendar; charset=utf-8' },
        body: ics,
      });
      if (response.status >= 300)
        throw new Error(`PUT ${objectUrl}: ${response.status} ${await response.text()}`);
      return objectUrl;
    },
    async deleteObject(user, objectUrl) {
      const response = await fetch(objectUrl, { method: 'DELETE', headers: auth(user) });
      if (response.status >= 300) throw new Error(`DELETE ${objectUrl}: ${response.status}`);
    },
    async getObject(user, objectUrl) {
      const response = await fetch(objectUrl, { headers: auth(user) });
      return { status: response.status, body: await response.text() };
    },
    async listObjects(user, calendarUrl) {
      const response = await fetch(calendarUrl, {
        method: 'PROPFIND',
        headers: { ...auth(user), depth: '1', 'content-type': 'application/xml' },
        body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
      });
      const xml = await response.text();
      return [...xml.matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/gi)].map((m) =>
        decodeURIComponent(m[1].split('/').pop()!),
      );
    },
    setPassword(user, password) {
      passwords[user] = password;
      writeUsers();
    },
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`radicale exited (${child.exitCode}): ${stderr()}`);
    try {
      await fetch(`${url}/.web/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`radicale did not answer on ${url}: ${stderr()}`);
}
