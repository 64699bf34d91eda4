import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { parseEncryptionKeys } from '../config/encryption-keys';

export interface SealedSecret {
  /** base64 of iv (12 bytes) | auth tag (16 bytes) | ciphertext */
  ciphertext: string;
  keyId: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals secrets kept at rest (calendar credentials, bank details) with AES-256-GCM. Every ciphertext carries
 * the id of its key, so a new key can seal while the old ones still open what they sealed (rotation = add a
 * key, switch the id, re-seal lazily). The associated data binds a ciphertext to its row: copied onto another
 * row, it does not open.
 */
export class SecretCipher {
  private readonly keys: Map<string, Buffer>;
  private readonly currentKeyId: string | null;

  constructor(
    keySpec: string | undefined,
    currentKeyId: string | undefined,
    private readonly unavailable: () => Error,
  ) {
    this.keys = keySpec ? parseEncryptionKeys(keySpec) : new Map();
    this.currentKeyId = currentKeyId ?? [...this.keys.keys()][0] ?? null;
  }

  get configured(): boolean {
    return this.currentKeyId !== null;
  }

  seal(secret: unknown, boundTo: string): SealedSecret {
    const keyId = this.currentKeyId;
    if (!keyId) throw this.unavailable();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(keyId)!, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(JSON.stringify(secret), 'utf8'), cipher.final()]);
    return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'), keyId };
  }

  open<T>(sealed: SealedSecret, boundTo: string): T {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new Error(`secret sealed with unknown key id "${sealed.keyId}"`);
    const raw = Buffer.from(sealed.ciphertext, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  }
}
