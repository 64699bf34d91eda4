import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum parameters (19 MiB, 2 iterations, 1 lane). */
export const ARGON2_OPTIONS = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * A stored hash no password matches (verifyPassword answers false): for fictional professionals
 * (demo and bench seeds, test fixtures) who count as signed up (so they are public) but can
 * never sign in.
 */
export const UNUSABLE_PASSWORD_HASH = '!no-sign-in';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False (never throws) when the hash is missing or malformed. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
