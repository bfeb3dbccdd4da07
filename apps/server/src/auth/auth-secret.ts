import crypto from 'node:crypto';
import type { AppSecretRepository } from './app-secret.repository';

/**
 * The secret that signs session cookies: AUTH_SECRET when set, otherwise one generated on first
 * start and kept in the database, so every process sharing the database agrees on it and
 * sessions survive restarts.
 */
export async function resolveAuthSecret(secrets: AppSecretRepository, configured: string | null): Promise<string> {
  if (configured) {
    if (configured.length < 32) throw new Error('AUTH_SECRET must be at least 32 characters long.');
    return configured;
  }
  return secrets.getOrCreate('auth_secret', crypto.randomBytes(32).toString('base64url'));
}
