import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { SUPPRESSIBLE_MAILS, type SuppressibleMail } from '../../database/schema';

/** What a link stops: one earlier-slot alert (by id), or a kind of mail to an address. */
export type UnsubscribeKind = 'slot_alert' | SuppressibleMail;
const KINDS: readonly string[] = ['slot_alert', ...SUPPRESSIBLE_MAILS];

export interface UnsubscribeTarget {
  kind: UnsubscribeKind;
  /** the alert's id, or the lower-case address */
  subject: string;
}

/**
 * Signed unsubscribe links (HMAC-SHA256 under a key of their own derived from JWT_SECRET): no login, no expiry
 * (a mail read months later must still stop), and a link stops only what it names.
 */
@Injectable()
export class UnsubscribeLinks {
  private readonly key: Buffer;
  private readonly base: string;

  constructor(@Inject(ENV) env: Env) {
    this.key = createHmac('sha256', env.JWT_SECRET).update('unsubscribe-links/v1').digest();
    this.base = env.PUBLIC_URL.replace(/\/+$/, '');
  }

  token(target: UnsubscribeTarget): string {
    const subject = target.kind === 'slot_alert' ? target.subject : target.subject.toLowerCase();
    const body = `${target.kind}.${Buffer.from(subject).toString('base64url')}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The `List-Unsubscribe` address: GET shows a confirmation page, POST (RFC 8058 one-click) unsubscribes. */
  url(target: UnsubscribeTarget): string {
    return `${this.base}/api/v1/unsubscribe?token=${encodeURIComponent(this.token(target))}`;
  }

  /** The target of a genuine token; null for anything forged, altered or malformed. */
  verify(token: unknown): UnsubscribeTarget | null {
    if (typeof token !== 'string' || token.length > 600) return null;
    const [kind, encoded, mac, ...rest] = token.split('.');
    if (!kind || !encoded || !mac || rest.length || !KINDS.includes(kind)) return null;
    const expected = Buffer.from(this.mac(`${kind}.${encoded}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { kind: kind as UnsubscribeKind, subject: Buffer.from(encoded, 'base64url').toString('utf8') };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
