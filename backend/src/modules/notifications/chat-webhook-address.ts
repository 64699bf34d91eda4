import { lookup } from 'node:dns/promises';
import { Inject, Injectable, Module } from '@nestjs/common';
import ipaddr from 'ipaddr.js';
import { DomainError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';

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

export interface CheckedWebhook {
  url: URL;
  /** The address the request must connect to: the one checked, never a second resolution. */
  address: string;
  family: 4 | 6;
}

export const forbiddenWebhook = (detail: string) =>
  new DomainError('CHAT_WEBHOOK_FORBIDDEN', `L’adresse du webhook est refusée : ${detail}`, 400);

/** The webhook's name does not resolve (a typo, or an offline development machine). */
export class UnresolvedWebhookHost extends DomainError {
  constructor() {
    super(
      'CHAT_WEBHOOK_FORBIDDEN',
      'L’adresse du webhook est refusée : ce nom de domaine est introuvable',
      400,
    );
  }
}

/**
 * Where the office chat webhook may point (no SSRF into our own network). Outside development it
 * must be https to a name that resolves only to public addresses; CHAT_WEBHOOK_ALLOW_PRIVATE=true
 * (tests, demo) also lets http and local receivers through. Checked when the settings are saved
 * and again before each send, on the address then connected to (DNS rebinding).
 */
@Injectable()
export class ChatWebhookAddressPolicy {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly resolver: HostResolver,
  ) {}

  /**
   * The check when the settings are saved. With the development setting, a name that does not
   * resolve is kept (the demo and e2e machines are offline); it is checked again before each send.
   */
  async assertAllowedOnSave(rawUrl: string): Promise<void> {
    try {
      await this.check(rawUrl);
    } catch (error) {
      if (!(this.env.CHAT_WEBHOOK_ALLOW_PRIVATE && error instanceof UnresolvedWebhookHost)) throw error;
    }
  }

  /** The check before a send: the address to connect to, or a 400 DomainError. */
  async check(rawUrl: string): Promise<CheckedWebhook> {
    let url: URL;
    try {
      // The WHATWG parser also normalises decimal, octal and hex IPv4 forms (2130706433, 0x7f.1).
      url = new URL(rawUrl);
    } catch {
      throw forbiddenWebhook('ce n’est pas une URL');
    }
    const allowPrivate = this.env.CHAT_WEBHOOK_ALLOW_PRIVATE;
    if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
      throw forbiddenWebhook('elle doit commencer par https://');
    if (url.username || url.password) throw forbiddenWebhook('elle ne doit pas contenir d’identifiants');
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && INTERNAL_NAMES.test(hostname))
      throw forbiddenWebhook('elle désigne une machine interne');
    let addresses: string[];
    if (ipaddr.isValid(hostname)) {
      addresses = [hostname];
    } else {
      try {
        addresses = await this.resolver.resolve(hostname);
      } catch {
        throw new UnresolvedWebhookHost();
      }
    }
    if (addresses.length === 0) throw new UnresolvedWebhookHost();
    // Every address must be public: a name answering one public and one private address would
    // otherwise reach the private one on the next resolution.
    if (!allowPrivate && !addresses.every(isPublicAddress))
      throw forbiddenWebhook('elle désigne une adresse locale, privée ou réservée');
    const address = addresses[0];
    return { url, address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 };
  }
}

@Module({
  providers: [ChatWebhookAddressPolicy, { provide: HostResolver, useClass: DnsHostResolver }],
  exports: [ChatWebhookAddressPolicy, HostResolver],
})
export class ChatWebhookAddressModule {}
