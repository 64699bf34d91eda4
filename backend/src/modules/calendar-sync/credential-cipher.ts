import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../common';
import { ENV } from '../../config/config.module';
import { parseEncryptionKeys } from '../../config/encryption-keys';
import type { Env } from '../../config/env.schema';

export interface SealedSecret {
  /** base64 of iv (12 bytes) | auth tag (16 bytes) | ciphertext */
  ciphertext: string;
  keyId: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals connected accounts' credentials with AES-256-GCM. Every ciphertext carries the id of its key, so a
 * new key can seal while the old ones still open what they sealed (rotation = add a key, switch the id,
 * re-seal lazily on the next token refresh). The associated data binds a ciphertext to its connection row:
 * copied onto another row, it does not open.
 */
@Injectable()
export class CredentialCipher {
  private readonly keys: Map<string, Buffer>;
  private readonly currentKeyId: string | null;

  constructor(@Inject(ENV) env: Pick<Env, 'CALENDAR_ENCRYPTION_KEYS' | 'CALENDAR_ENCRYPTION_KEY_ID'>) {
    this.keys = env.CALENDAR_ENCRYPTION_KEYS ? parseEncryptionKeys(env.CALENDAR_ENCRYPTION_KEYS) : new Map();
    this.currentKeyId = env.CALENDAR_ENCRYPTION_KEY_ID ?? [...this.keys.keys()][0] ?? null;
  }

  get configured(): boolean {
    return this.currentKeyId !== null;
  }

  seal(secret: unknown, boundTo: string): SealedSecret {
    const keyId = this.currentKeyId;
    if (!keyId) throw new CalendarEncryptionUnavailableError();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(keyId)!, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(JSON.stringify(secret), 'utf8'), cipher.final()]);
    return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'), keyId };
  }

  open<T>(sealed: SealedSecret, boundTo: string): T {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new Error(`calendar credentials sealed with unknown key id "${sealed.keyId}"`);
    const raw = Buffer.from(sealed.ciphertext, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  }
}

export class CalendarEncryptionUnavailableError extends DomainError {
  constructor() {
    super(
      'CALENDAR_SYNC_UNAVAILABLE',
      "La synchronisation des calendriers n'est pas configurée sur ce serveur.",
      503,
    );
  }
}
