import { lookup } from 'node:dns/promises';
import { Module } from '@nestjs/common';
import ipaddr from 'ipaddr.js';
import type { DomainError } from './domain-error';

/**
 * Outbound-address policy: where a URL typed by a user may make the server send
 * requests, so nobody reaches our own network through us (SSRF). Shared by the office chat webhook
 * and the CalDAV calendar connections; each caller brings its own development switch and wording.
 */

/** Port for name resolution, so tests can stand in for DNS (the machines running them are offline). */
export abstract class HostResolver {
  /** Every address the name resolves to (A and AAAA). Throws when it does not resolve. */
  abstract resolve(hostname: string): Promise<string[]>;
}

export class DnsHostResolver extends HostResolver {
  async resolve(hostname: string): Promise<string[]> {
    const answers = await lookup(hostname, { all: true, verbatim: true });
    return answers.map((answer) => answer.address);
  }
}

/** Names that always point inside the infrastructure, whatever a resolver says. */
const INTERNAL_NAMES = /^(localhost|metadata\.google\.internal|metadata)$|\.(localhost|internal)$/i;

/**
 * True for an address on the public internet: ipaddr.js classifies every special range (loopback,
 * private, link-local, unique-local, multicast, unspecified, carrier-grade NAT, reserved, NAT64,
 * 6to4, Teredo...) as something other than 'unicast'. An IPv4-mapped IPv6 address is judged as the
 * IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export interface CheckedOutboundAddress {
  url: URL;
  /** The address the request must connect to: the one checked, never a second resolution. */
  address: string;
  family: 4 | 6;
}

/** Why a URL is refused; each caller words the French message for its own feature. */
export type OutboundRefusal =
  'not_url' | 'not_https' | 'credentials' | 'internal_name' | 'private' | 'unresolved';

/** French details, to follow "L’adresse … est refusée : ". */
export const OUTBOUND_REFUSAL_DETAILS: Record<OutboundRefusal, string> = {
  not_url: 'ce n’est pas une URL',
  not_https: 'elle doit commencer par https://',
  credentials: 'elle ne doit pas contenir d’identifiants',
  internal_name: 'elle désigne une machine interne',
  private: 'elle désigne une adresse locale, privée ou réservée',
  unresolved: 'ce nom de domaine est introuvable',
};

export interface OutboundAddressRules {
  /** Development switch: also lets http and local or private addresses through (tests, demo). */
  allowPrivate: boolean;
  /** Whether identifiers in the URL itself (user:password@) are refused. */
  refuseUrlCredentials: boolean;
  /** Builds the caller's 400 error for a refusal. */
  refuse: (reason: OutboundRefusal) => DomainError;
}

/**
 * Outside development the URL must be https to a name that resolves only to public addresses.
 * Callers check when the URL is saved and again before each request, on the address then
 * connected to (DNS rebinding).
 */
export async function checkOutboundAddress(
  rawUrl: string,
  rules: OutboundAddressRules,
  resolver: HostResolver,
): Promise<CheckedOutboundAddress> {
  const { allowPrivate, refuse } = rules;
  let url: URL;
  try {
    // The WHATWG parser also normalises decimal, octal and hex IPv4 forms (2130706433, 0x7f.1).
    url = new URL(rawUrl);
  } catch {
    throw refuse('not_url');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw refuse('not_https');
  if (rules.refuseUrlCredentials && (url.username || url.password)) throw refuse('credentials');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && INTERNAL_NAMES.test(hostname)) throw refuse('internal_name');
  let addresses: string[];
  if (ipaddr.isValid(hostname)) {
    addresses = [hostname];
  } else {
    try {
      addresses = await resolver.resolve(hostname);
    } catch {
      throw refuse('unresolved');
    }
  }
  if (addresses.length === 0) throw refuse('unresolved');
  // Every address must be public: a name answering one public and one private address would
  // otherwise reach the private one on the next resolution.
  if (!allowPrivate && !addresses.every(isPublicAddress)) throw refuse('private');
  const address = addresses[0];
  return { url, address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 };
}

/** Provides the HostResolver (real DNS); tests override it with `overrideProvider(HostResolver)`. */
@Module({
  providers: [{ provide: HostResolver, useClass: DnsHostResolver }],
  exports: [HostResolver],
})
export class OutboundAddressModule {}
