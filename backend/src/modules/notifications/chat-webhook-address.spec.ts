import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError } from '../../common/domain-error';
import { loadEnv } from '../../config/env.schema';
import { ChatWebhookAddressPolicy, HostResolver, isPublicAddress } from './chat-webhook-address';
import { CHAT_WEBHOOK_TIMEOUT_MS, FetchChatWebhook } from './chat-webhook';

const BASE_ENV = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', JWT_SECRET: 'x'.repeat(32) };

/** DNS stand-in: answers from a table, or from a function called at each resolution. */
class FakeResolver extends HostResolver {
  constructor(private readonly answers: Record<string, string[] | (() => string[])>) {
    super();
  }
  async resolve(hostname: string): Promise<string[]> {
    const answer = this.answers[hostname];
    if (!answer) throw new Error(`ENOTFOUND ${hostname}`);
    return typeof answer === 'function' ? answer() : answer;
  }
}

const policy = (answers: Record<string, string[] | (() => string[])> = {}, allowPrivate = false) =>
  new ChatWebhookAddressPolicy(
    loadEnv({ ...BASE_ENV, CHAT_WEBHOOK_ALLOW_PRIVATE: String(allowPrivate) }),
    new FakeResolver(answers),
  );

async function refusal(check: Promise<unknown>): Promise<DomainError> {
  try {
    await check;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the webhook address to be refused');
}

describe('isPublicAddress', () => {
  it.each([
    ['loopback IPv4', '127.0.0.1'],
    ['loopback IPv4, elsewhere in 127/8', '127.1.2.3'],
    ['private 10/8', '10.0.0.5'],
    ['private 172.16/12', '172.20.1.1'],
    ['private 192.168/16', '192.168.1.10'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast IPv4', '224.0.0.1'],
    ['unspecified IPv4', '0.0.0.0'],
    ['broadcast', '255.255.255.255'],
    ['loopback IPv6', '::1'],
    ['unspecified IPv6', '::'],
    ['link-local IPv6', 'fe80::1'],
    ['unique-local IPv6', 'fd00::1'],
    ['multicast IPv6', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['NAT64 of a private address', '64:ff9b::a00:1'],
  ])('refuses %s (%s)', (_label, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.215.14'])(
    'accepts the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('ChatWebhookAddressPolicy', () => {
  it('accepts https to a name resolving to public addresses, and returns the address to connect to', async () => {
    const checked = await policy({ 'hooks.example.test': ['93.184.215.14'] }).check(
      'https://hooks.example.test/T1/B2',
    );
    expect(checked).toMatchObject({ address: '93.184.215.14', family: 4 });
  });

  it.each([
    ['cloud metadata by address', 'https://169.254.169.254/latest/meta-data/'],
    ['loopback by address', 'https://127.0.0.1:6379/'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['decimal form of 127.0.0.1', 'https://2130706433/hook'],
    ['hex form of 127.0.0.1', 'https://0x7f.0.0.1/hook'],
    ['octal form of 127.0.0.1', 'https://0177.0.0.1/hook'],
    ['localhost', 'https://localhost:5432/'],
    ['a .localhost name', 'https://api.localhost/'],
    ['metadata.google.internal', 'https://metadata.google.internal/computeMetadata/v1/'],
    ['a name resolving to a private address', 'https://intranet.example.test/hook'],
    ['a name with one public and one private address', 'https://mixed.example.test/hook'],
    ['a name that does not resolve', 'https://nowhere.example.test/hook'],
    ['plain http', 'http://hooks.example.test/hook'],
    ['another scheme', 'ftp://hooks.example.test/hook'],
    ['credentials in the URL', 'https://user:secret@hooks.example.test/hook'],
  ])('refuses %s with a French 400', async (_label, url) => {
    const error = await refusal(
      policy({
        'hooks.example.test': ['93.184.215.14'],
        'intranet.example.test': ['10.1.2.3'],
        'mixed.example.test': ['93.184.215.14', '192.168.0.2'],
        localhost: ['127.0.0.1'],
        'api.localhost': ['127.0.0.1'],
        'metadata.google.internal': ['169.254.169.254'],
      }).check(url),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe('CHAT_WEBHOOK_FORBIDDEN');
    expect(error.message).toMatch(/^L’adresse du webhook est refusée : /);
  });

  it('lets a local http receiver through only with CHAT_WEBHOOK_ALLOW_PRIVATE=true', async () => {
    await refusal(policy({}, false).check('http://127.0.0.1:4000/hook'));
    await expect(policy({}, true).check('http://127.0.0.1:4000/hook')).resolves.toMatchObject({
      address: '127.0.0.1',
    });
  });

  it('keeps a name that does not resolve on save only with the development setting (offline machines)', async () => {
    await expect(policy({}, true).assertAllowedOnSave('https://hooks.example.fr/x')).resolves.toBeUndefined();
    const error = await refusal(policy({}, false).assertAllowedOnSave('https://hooks.example.fr/x'));
    expect(error.message).toBe('L’adresse du webhook est refusée : ce nom de domaine est introuvable');
  });

  it('is off by default and validated at boot', () => {
    expect(loadEnv(BASE_ENV).CHAT_WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(() => loadEnv({ ...BASE_ENV, CHAT_WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      /CHAT_WEBHOOK_ALLOW_PRIVATE/,
    );
  });
});

describe('FetchChatWebhook (send time)', () => {
  const servers: Server[] = [];
  const received: string[] = [];

  async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('re-checks at send time: a name that now resolves to a private address (DNS rebinding) is refused, nothing is sent', async () => {
    const port = await listen((req, res) => {
      received.push(req.url ?? '');
      res.end('ok');
    });
    let resolutions = 0;
    // Public when the settings were saved, loopback since.
    const rebinding = policy({
      'rebind.example.test': () => (resolutions++ === 0 ? ['93.184.215.14'] : ['127.0.0.1']),
    });
    await rebinding.check(`https://rebind.example.test:${port}/hook`);
    await expect(
      new FetchChatWebhook(rebinding).post(`https://rebind.example.test:${port}/hook`, 'hello'),
    ).rejects.toMatchObject({ code: 'CHAT_WEBHOOK_FORBIDDEN' });
    expect(received).toEqual([]);
  });

  it('connects to the checked address, not to a second resolution', async () => {
    const port = await listen((req, res) => {
      received.push(`${req.headers.host} ${req.url}`);
      res.end('ok');
    });
    let resolutions = 0;
    // The first answer (checked) is the receiver; a second resolution would give an unreachable one.
    const flipping = policy(
      { 'office.example.test': () => (resolutions++ === 0 ? ['127.0.0.1'] : ['192.0.2.1']) },
      true,
    );
    await new FetchChatWebhook(flipping).post(`http://office.example.test:${port}/pinned`, 'hello');
    expect(received.at(-1)).toBe(`office.example.test:${port} /pinned`);
    expect(resolutions).toBe(1);
  });

  it('does not follow redirects', async () => {
    const target = await listen((req, res) => {
      received.push(`redirected ${req.url}`);
      res.end('ok');
    });
    const port = await listen((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${target}/internal` }).end();
    });
    await expect(
      new FetchChatWebhook(policy({}, true)).post(`http://127.0.0.1:${port}/hook`, 'hello'),
    ).rejects.toThrow('chat webhook answered 307');
    expect(received.filter((entry) => entry.startsWith('redirected'))).toEqual([]);
  });

  it(`gives up after ${CHAT_WEBHOOK_TIMEOUT_MS / 1000} s when the receiver does not answer`, async () => {
    const port = await listen(() => {
      // Never answers.
    });
    const started = Date.now();
    await expect(
      new FetchChatWebhook(policy({}, true)).post(`http://127.0.0.1:${port}/slow`, 'hello'),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(CHAT_WEBHOOK_TIMEOUT_MS + 2_000);
  }, 15_000);
});
