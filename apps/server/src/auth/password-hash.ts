import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum configuration (19 MiB memory, 2 iterations, 1 lane); see the
 * OWASP Password Storage Cheat Sheet. The encoded hash carries its own parameters, so raising
 * them later still verifies older hashes.
 */
/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({ hash: encoded, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    // A malformed stored hash never matches; it must not turn into a 500.
    return false;
  }
}
