import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

import ipaddr from 'ipaddr.js';

/** What an outbound URL is for; each use has its own schemes. */
export type OutboundUse = 'proxy' | 'webhook';

export const OUTBOUND_SCHEMES: Record<OutboundUse, readonly string[]> = {
  proxy: ['http:', 'https:', 'socks:', 'socks4:', 'socks4a:', 'socks5:', 'socks5h:'],
  webhook: ['http:', 'https:'],
};

/**
 * Names of cloud instance-metadata services (credentials of the machine we run on). Most resolve to
 * 169.254.169.254, refused anyway; the names are refused first, so an unusual resolver changes nothing.
 */
export const METADATA_HOST_NAMES: readonly string[] = [
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
];

export type OutboundRefusal =
  | { reason: 'invalid-url' }
  | { reason: 'scheme'; scheme: string; allowed: readonly string[] }
  | { reason: 'metadata-name'; host: string }
  | { reason: 'unresolvable'; host: string }
  | { reason: 'address'; host: string; address: string; range: string };

/** An outbound URL the guard refuses; `refusal` says which rule, the message says it in words. */
export class OutboundUrlRefusedError extends Error {
  constructor(readonly refusal: OutboundRefusal) {
    super(describeRefusal(refusal));
    this.name = 'OutboundUrlRefusedError';
  }
}

function describeRefusal(refusal: OutboundRefusal): string {
  switch (refusal.reason) {
    case 'invalid-url':
      return 'not a valid URL';
    case 'scheme':
      return `scheme ${refusal.scheme} is not allowed here (allowed: ${refusal.allowed.join(' ')})`;
    case 'metadata-name':
      return `${refusal.host} is a cloud metadata service`;
    case 'unresolvable':
      return `${refusal.host} does not resolve to an address`;
    case 'address':
      return refusal.host === refusal.address
        ? `${refusal.address} is a ${refusal.range} address`
        : `${refusal.host} resolves to ${refusal.address}, a ${refusal.range} address`;
  }
}

/** A URL the guard allowed, with the addresses it checked: connect to those, not to the name again. */
export interface CheckedOutboundUrl {
  url: URL;
  /** The host as written, lower case, without IPv6 brackets. */
  host: string;
  /** Every address the host resolved to; all of them passed. */
  addresses: string[];
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * OUTBOUND_ALLOWED_HOSTS: the operator's exceptions, for a proxy (or later a webhook) inside their own
 * network. Entries are host names (exact), addresses or CIDR ranges.
 */
export class OutboundAllowlist {
  private readonly names = new Set<string>();
  private readonly ranges: Cidr[] = [];

  constructor(entries: readonly string[] = []) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      const problem = allowlistEntryProblem(entry);
      if (problem) throw new Error(`OUTBOUND_ALLOWED_HOSTS: ${problem}`);
      if (entry.includes('/')) this.ranges.push(ipaddr.parseCIDR(entry));
      else if (ipaddr.isValid(entry) && isIP(entry)) this.ranges.push(ipaddr.parseCIDR(`${entry}/${isIP(entry) === 4 ? 32 : 128}`));
      else this.names.add(entry);
    }
  }

  allowsName(host: string): boolean {
    return this.names.has(host);
  }

  allowsAddress(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    return this.ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
  }
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Why an OUTBOUND_ALLOWED_HOSTS entry is unusable, or null when it is a name, an address or a CIDR. */
export function allowlistEntryProblem(entry: string): string | null {
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return null;
    } catch {
      return `${entry} is not a CIDR range such as 10.8.0.0/16`;
    }
  }
  if (isIP(entry)) return null;
  // A name made only of digits, dots and hex is a numeric address in disguise (0x0a.1, 167772161).
  if (/^[0-9a-fx.]+$/.test(entry) && /^[0-9.]|^0x/.test(entry)) return `${entry} looks like an address; write it as a.b.c.d`;
  return HOST_NAME.test(entry) ? null : `${entry} is not a host name, an address or a CIDR range`;
}

export type ResolveAll = (host: string) => Promise<string[]>;

const systemResolve: ResolveAll = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The one check every outbound URL of the platform goes through (proxies now; webhooks, AI
 * providers and integrations next): the scheme fits the use, the host is not a metadata name, and
 * every address the name resolves to is public unicast. Loopback, private, link-local, CGNAT,
 * unique-local, unspecified, multicast, broadcast, reserved and the IPv6 forms that carry an IPv4
 * address (mapped, NAT64, 6to4, Teredo) are refused, unless the operator's allowlist names them.
 *
 * The check resolves the name itself (numeric forms such as 2130706433 or 0x7f.1 resolve to what
 * they mean), so callers check again right before they connect and connect to the checked addresses.
 */
export class OutboundUrlGuard {
  constructor(
    private readonly allowlist = new OutboundAllowlist(),
    private readonly resolve: ResolveAll = systemResolve,
  ) {}

  async check(rawUrl: string, use: OutboundUse): Promise<CheckedOutboundUrl> {
    let url: URL;
    try {
      url = new URL(rawUrl.trim());
    } catch {
      throw new OutboundUrlRefusedError({ reason: 'invalid-url' });
    }
    const allowed = OUTBOUND_SCHEMES[use];
    if (!allowed.includes(url.protocol)) throw new OutboundUrlRefusedError({ reason: 'scheme', scheme: url.protocol, allowed });
    const host = url.hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
    if (!host) throw new OutboundUrlRefusedError({ reason: 'invalid-url' });
    if (this.allowlist.allowsName(host)) {
      return { url, host, addresses: isIP(host) ? [host] : await this.resolveOrRefuse(host) };
    }
    if (METADATA_HOST_NAMES.includes(host)) throw new OutboundUrlRefusedError({ reason: 'metadata-name', host });
    const addresses = isIP(host) ? [host] : await this.resolveOrRefuse(host);
    for (const address of addresses) {
      const range = this.refusedRange(address);
      if (range) throw new OutboundUrlRefusedError({ reason: 'address', host, address, range });
    }
    return { url, host, addresses };
  }

  /** The range that makes this address refused, or null when it may be dialled. */
  refusedRange(address: string): string | null {
    let parsed: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      parsed = ipaddr.parse(address);
    } catch {
      return 'unparseable';
    }
    if (this.allowlist.allowsAddress(parsed)) return null;
    if (parsed.kind() === 'ipv6') {
      const v6 = parsed as ipaddr.IPv6;
      const embedded = embeddedIpv4(v6);
      if (embedded) {
        const inner = this.refusedRange(embedded.toString());
        return inner ? `${v6.range()} ${inner}` : null;
      }
    }
    const range = parsed.range();
    return range === 'unicast' ? null : range;
  }

  private async resolveOrRefuse(host: string): Promise<string[]> {
    const addresses = await this.resolve(host).catch(() => []);
    if (addresses.length === 0) throw new OutboundUrlRefusedError({ reason: 'unresolvable', host });
    return addresses;
  }
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return address.toIPv4Address();
  if (range === 'rfc6052' && address.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) {
    const parts = address.parts;
    return new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  }
  return null;
}

/** The URL to connect to: the checked URL with its host replaced by the first checked address. */
export function pinnedUrl(checked: CheckedOutboundUrl): URL {
  const pinned = new URL(checked.url.href);
  const address = checked.addresses[0]!;
  pinned.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return pinned;
}
