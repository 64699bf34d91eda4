/**
 * Parses `CALENDAR_ENCRYPTION_KEYS` (`kid:base64key,kid2:base64key2`): AES-256 keys (32 bytes each) named by
 * a key id stored beside every ciphertext, so an old key can stay for reading while a new one seals. Throws a
 * message that names the problem but never echoes a key.
 */
export function parseEncryptionKeys(value: string): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  for (const entry of value.split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const separator = trimmed.indexOf(':');
    const kid = separator > 0 ? trimmed.slice(0, separator) : '';
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(kid)) {
      throw new Error('entries must be kid:base64key with a key id of letters, digits, _ or -');
    }
    const encoded = trimmed.slice(separator + 1);
    const key = Buffer.from(encoded, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || key.length !== 32) {
      throw new Error(`key "${kid}" must be 32 bytes in base64 (openssl rand -base64 32)`);
    }
    if (keys.has(kid)) throw new Error(`key id "${kid}" appears twice`);
    keys.set(kid, key);
  }
  if (keys.size === 0) throw new Error('must list at least one kid:base64key');
  return keys;
}
