import { DomainError } from './domain-error';
import { HostResolver, checkOutboundAddress, type OutboundRefusal } from './outbound-address';

class FakeResolver extends HostResolver {
  constructor(private readonly answers: Record<string, string[]>) {
    super();
  }
  async resolve(hostname: string): Promise<string[]> {
    const found = this.answers[hostname];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  }
}

const resolver = new FakeResolver({
  'cal.example.com': ['93.184.215.14'],
  'rebound.example.com': ['10.1.2.3'],
});
/** Each caller words its own refusal: the reason is what the shared policy decides. */
const rules = (allowPrivate: boolean) => ({
  allowPrivate,
  refuseUrlCredentials: true,
  refuse: (reason: OutboundRefusal) => new DomainError('REFUSED', reason, 400),
});
const reasonFor = async (url: string, allowPrivate = false) =>
  checkOutboundAddress(url, rules(allowPrivate), resolver).then(
    () => 'allowed',
    (error: DomainError) => error.message,
  );

describe('checkOutboundAddress (shared by the chat webhook and CalDAV)', () => {
  it.each([
    ['http://127.0.0.1:5232/', 'not_https'],
    ['https://127.0.0.1:5232/', 'private'],
    ['https://169.254.169.254/', 'private'],
    ['https://[::1]/', 'private'],
    ['https://[::ffff:127.0.0.1]/', 'private'],
    ['https://localhost/', 'internal_name'],
    ['https://metadata.google.internal/', 'internal_name'],
    ['https://rebound.example.com/', 'private'],
    ['https://nowhere.example.com/', 'unresolved'],
    ['https://u:p@cal.example.com/', 'credentials'],
    ['pas une url', 'not_url'],
  ])('refuses %s (%s) with the setting off', async (url, reason) => {
    expect(await reasonFor(url)).toBe(reason);
  });

  it('returns the checked address to connect to for a public https URL', async () => {
    const checked = await checkOutboundAddress('https://cal.example.com/dav/', rules(false), resolver);
    expect(checked).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(checked.url.hostname).toBe('cal.example.com');
  });

  it('lets http and local addresses through only with the development setting', async () => {
    expect(await reasonFor('http://127.0.0.1:5232/', true)).toBe('allowed');
    expect(await reasonFor('http://[::1]:5232/', true)).toBe('allowed');
    expect(await reasonFor('ftp://127.0.0.1/', true)).toBe('not_https');
  });
});
