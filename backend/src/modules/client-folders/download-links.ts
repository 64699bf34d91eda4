import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectRedis } from '../../redis/redis.module';
import type { AuthenticatedAccount } from '../identity';

/** How long a download link works: long enough to click it, too short to share it usefully. */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60 * 1000;

export interface DownloadClaim {
  documentId: string;
  account: AuthenticatedAccount;
  /** epoch ms */
  expiresAt: number;
  /** Random per link (hex): what the first download consumes (see DownloadLinkUses). */
  nonce?: string;
}

/**
 * Short-lived signed download links of folder documents: `<payload>.<HMAC-SHA256>` in base64url,
 * naming the document, the party it was issued to and its expiry. The download checks the signature,
 * the expiry and, again, that the account is still a party of the folder.
 */
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the JWT secret: a link can never pass for a session token.
    this.key = createHmac('sha256', secret).update('client-folder-download-links').digest();
  }

  /** A new link for the claim; `nonce` is its random part, to remember with `DownloadLinkUses`. */
  issue(claim: DownloadClaim): string {
    // Compact binary payload (document uuid, kind, account uuid, expiry in seconds, 8 random bytes): the
    // whole token stays under Fastify's 100-character limit of a path parameter.
    const nonce = claim.nonce ? Buffer.from(claim.nonce, 'hex') : randomBytes(8);
    if (nonce.length !== 8) throw new Error('a download link nonce is 8 bytes');
    const payload = Buffer.concat([
      uuidBytes(claim.documentId),
      Buffer.from([claim.account.kind === 'user' ? 1 : 2]),
      uuidBytes(claim.account.id),
      uint32(Math.ceil(claim.expiresAt / 1000)),
      nonce,
    ]).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  static newNonce(): string {
    return randomBytes(8).toString('hex');
  }

  /** The claim of a well-signed, unexpired token; undefined otherwise. */
  verify(token: string, now: number): DownloadClaim | undefined {
    const match = /^([A-Za-z0-9_-]{60})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match) return undefined;
    const expected = Buffer.from(this.sign(match[1]));
    const given = Buffer.from(match[2]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const bytes = Buffer.from(match[1], 'base64url');
    if (bytes.length !== 45 || (bytes[16] !== 1 && bytes[16] !== 2)) return undefined;
    const expiresAt = bytes.readUInt32BE(33) * 1000;
    if (expiresAt <= now) return undefined;
    return {
      documentId: uuidOf(bytes.subarray(0, 16)),
      account: { kind: bytes[16] === 1 ? 'user' : 'attendee', id: uuidOf(bytes.subarray(17, 33)) },
      expiresAt,
      nonce: bytes.subarray(37, 45).toString('hex'),
    };
  }

  private sign(payload: string): string {
    // 128 bits of HMAC-SHA256: ample for a link that lives 5 minutes.
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16).toString('base64url');
  }
}

/** The session a link was issued to: its JWT id and issue time (seconds), checked again at download. */
export interface LinkSession {
  jti: string;
  issuedAt: number;
}

/**
 * Makes download links single-use and bound to the session that asked for them: issuing remembers the link's
 * nonce with its session in Redis (for the link's 5 minutes); the first download takes the entry out atomically
 * (GETDEL), so a second use, from anywhere, finds nothing. Without Redis no link works (it fails closed).
 */
@Injectable()
export class DownloadLinkUses {
  private readonly prefix: string;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.prefix = `${env.QUEUE_PREFIX}:download-link`;
  }

  private key(nonce: string): string {
    return `${this.prefix}:${createHash('sha256').update(nonce).digest('hex').slice(0, 32)}`;
  }

  async remember(nonce: string, session: LinkSession, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(nonce), JSON.stringify(session), 'PX', ttlMs);
  }

  /** The session of a link not used yet, taken out so nobody else gets it; undefined after the first use. */
  async consume(nonce: string): Promise<LinkSession | undefined> {
    const stored = await this.redis.getdel(this.key(nonce));
    if (!stored) return undefined;
    const session = JSON.parse(stored) as Partial<LinkSession>;
    return typeof session.jti === 'string' && typeof session.issuedAt === 'number'
      ? { jti: session.jti, issuedAt: session.issuedAt }
      : undefined;
  }
}

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('not a uuid');
  return Buffer.from(hex, 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}
