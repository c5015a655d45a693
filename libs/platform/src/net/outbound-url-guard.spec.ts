import {
  allowlistEntryProblem,
  OutboundAllowlist,
  OutboundUrlGuard,
  OutboundUrlRefusedError,
  pinnedUrl,
  type ResolveAll,
} from './outbound-url-guard';

/** A resolver from a table, so names resolve the same in every sandbox; unknown names do not resolve. */
const table =
  (entries: Record<string, string[]>): ResolveAll =>
  async (host) => {
    const addresses = entries[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses;
  };

const names = table({
  'proxy.example.com': ['93.184.216.34'],
  'dual.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
  'internal.corp': ['10.8.0.5'],
});

async function refusal(guard: OutboundUrlGuard, url: string, use: 'proxy' | 'webhook' = 'proxy') {
  try {
    await guard.check(url, use);
  } catch (error) {
    if (error instanceof OutboundUrlRefusedError) return error;
    throw error;
  }
  throw new Error(`${url} was allowed`);
}

describe('OutboundUrlGuard', () => {
  const guard = new OutboundUrlGuard(new OutboundAllowlist(), names);

  it.each([
    ['http://127.0.0.1:3128', 'loopback'],
    ['socks5://127.8.9.10:1080', 'loopback'],
    ['http://[::1]:3128', 'loopback'],
    ['http://10.1.2.3:3128', 'private'],
    ['http://172.16.0.1:3128', 'private'],
    ['http://172.31.255.254:3128', 'private'],
    ['http://192.168.1.1:3128', 'private'],
    ['http://169.254.169.254/', 'linkLocal'],
    ['http://[fe80::1]:3128', 'linkLocal'],
    ['http://100.64.0.1:3128', 'carrierGradeNat'],
    ['http://100.100.100.200/', 'carrierGradeNat'],
    ['http://[fc00::1]:3128', 'uniqueLocal'],
    ['http://[fd00:ec2::254]/', 'uniqueLocal'],
    ['http://0.0.0.0:3128', 'unspecified'],
    ['http://[::]:3128', 'unspecified'],
    ['http://224.0.0.1:3128', 'multicast'],
    ['http://[ff02::1]:3128', 'multicast'],
    ['http://255.255.255.255:3128', 'broadcast'],
    ['http://240.0.0.1:3128', 'reserved'],
    ['http://[::ffff:127.0.0.1]:3128', 'ipv4Mapped loopback'],
    ['http://[::ffff:169.254.169.254]/', 'ipv4Mapped linkLocal'],
    ['http://[::ffff:10.0.0.1]:3128', 'ipv4Mapped private'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'rfc6052 linkLocal'],
  ])('%s is refused as %s', async (url, range) => {
    const error = await refusal(guard, url);
    expect(error.refusal).toMatchObject({ reason: 'address', range });
  });

  it.each(['172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'the public address %s is allowed',
    (address) => {
      expect(guard.refusedRange(address)).toBeNull();
    },
  );

  it.each([
    // The URL parser turns decimal, hex and octal IPv4 into a.b.c.d for http(s)...
    'http://2130706433:3128/',
    'http://0x7f000001:3128/',
    'http://0x7f.1:3128/',
    'http://0177.0.0.1:3128/',
    'http://017700000001:3128/',
    'http://127.1:3128/',
    // ...and for socks, a non-special scheme it leaves alone, the resolver does the same.
    'socks5://2130706433:1080',
    'socks5://0x7f.0.0.1:1080',
    'socks5://0177.0.0.1:1080',
  ])('the numeric form %s is read as 127.0.0.1 and refused', async (url) => {
    const error = await refusal(new OutboundUrlGuard(), url);
    expect(error.refusal).toMatchObject({ reason: 'address', address: '127.0.0.1', range: 'loopback' });
  });

  it('a name that resolves to 127.0.0.1 (localhost, through the system resolver) is refused, naming the address', async () => {
    const error = await refusal(new OutboundUrlGuard(), 'http://localhost:3128');
    expect(error.refusal).toMatchObject({ reason: 'address', host: 'localhost', range: 'loopback' });
    expect(error.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
  });

  it('every address of a name is checked: one private answer among public ones refuses the name (DNS rebinding)', async () => {
    const error = await refusal(guard, 'http://rebind.example.com:3128');
    expect(error.refusal).toEqual({ reason: 'address', host: 'rebind.example.com', address: '10.0.0.7', range: 'private' });
  });

  it.each(['metadata.google.internal', 'metadata', 'METADATA.GOOGLE.INTERNAL.', 'instance-data'])(
    'the metadata name %s is refused before any resolution',
    async (host) => {
      const resolve = jest.fn(names);
      const error = await refusal(new OutboundUrlGuard(new OutboundAllowlist(), resolve), `http://${host}/computeMetadata/v1/`);
      expect(error.refusal.reason).toBe('metadata-name');
      expect(resolve).not.toHaveBeenCalled();
    },
  );

  it('a name that does not resolve is refused', async () => {
    expect((await refusal(guard, 'http://nowhere.invalid:3128')).refusal).toEqual({ reason: 'unresolvable', host: 'nowhere.invalid' });
  });

  it('schemes depend on the use: socks for a proxy, never for a webhook; file, ftp and gopher never', async () => {
    await expect(guard.check('socks5h://user:pw@proxy.example.com:1080', 'proxy')).resolves.toMatchObject({ host: 'proxy.example.com' });
    expect((await refusal(guard, 'socks5://proxy.example.com:1080', 'webhook')).refusal.reason).toBe('scheme');
    for (const url of ['file:///etc/passwd', 'ftp://proxy.example.com/', 'gopher://proxy.example.com:70/']) {
      expect((await refusal(guard, url)).refusal.reason).toBe('scheme');
    }
    expect((await refusal(guard, 'not a url')).refusal.reason).toBe('invalid-url');
  });

  it('a public name passes with every address it resolved to, and the pinned URL dials the first one', async () => {
    const checked = await guard.check('https://u:p@dual.example.com:8443', 'proxy');
    expect(checked.addresses).toEqual(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
    expect(pinnedUrl(checked).href).toBe('https://u:p@93.184.216.34:8443/');
    const socks = await guard.check('socks5://u:p@proxy.example.com:1080', 'proxy');
    expect(pinnedUrl(socks).href).toBe('socks5://u:p@93.184.216.34:1080');
    const v6 = await guard.check('http://[2606:4700:4700::1111]:3128', 'proxy');
    expect(pinnedUrl(v6).hostname).toBe('[2606:4700:4700::1111]');
  });

  describe('the operator allowlist (OUTBOUND_ALLOWED_HOSTS)', () => {
    const allowing = new OutboundUrlGuard(new OutboundAllowlist(['10.8.0.0/16', '192.168.1.20', 'internal.corp', 'fd12::/16']), names);

    it('lets through addresses in its ranges, its single addresses and its names, and nothing next to them', async () => {
      await expect(allowing.check('http://10.8.3.4:3128', 'proxy')).resolves.toMatchObject({ addresses: ['10.8.3.4'] });
      await expect(allowing.check('http://192.168.1.20:3128', 'proxy')).resolves.toBeDefined();
      await expect(allowing.check('http://[fd12::5]:3128', 'proxy')).resolves.toBeDefined();
      await expect(allowing.check('socks5://internal.corp:1080', 'proxy')).resolves.toMatchObject({ addresses: ['10.8.0.5'] });
      expect((await refusal(allowing, 'http://10.9.0.1:3128')).refusal).toMatchObject({ range: 'private' });
      expect((await refusal(allowing, 'http://192.168.1.21:3128')).refusal).toMatchObject({ range: 'private' });
      expect((await refusal(allowing, 'http://127.0.0.1:3128')).refusal).toMatchObject({ range: 'loopback' });
      expect((await refusal(allowing, 'http://[::ffff:10.9.0.1]:3128')).refusal).toMatchObject({ range: 'ipv4Mapped private' });
      await expect(allowing.check('http://[::ffff:10.8.0.1]:3128', 'proxy')).resolves.toBeDefined();
    });

    it('refuses entries that are neither a name, an address nor a CIDR', () => {
      expect(allowlistEntryProblem('10.8.0.0/16')).toBeNull();
      expect(allowlistEntryProblem('proxy.corp.internal')).toBeNull();
      expect(allowlistEntryProblem('fd00::1')).toBeNull();
      expect(allowlistEntryProblem('10.8.0.0/33')).toMatch(/CIDR/);
      expect(allowlistEntryProblem('0x0a.1')).toMatch(/looks like an address/);
      expect(allowlistEntryProblem('proxy:3128')).toMatch(/not a host name/);
      expect(() => new OutboundAllowlist(['bad entry'])).toThrow(/OUTBOUND_ALLOWED_HOSTS/);
    });
  });
});
