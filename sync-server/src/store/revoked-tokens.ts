import { createHash } from 'node:crypto';
import { type Database, transaction } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';

/**
 * Tokens signed out before they expire. A sign-out ends the one token it was made with, so the user's
 * other devices stay signed in (a password change ends them all, by the token version). A token is kept
 * by its SHA-256 only, until the time it would have expired anyway.
 */

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function revokeToken(db: Database, token: string, expiresAtSeconds: number, nowMs = Date.now()): void {
  transaction(db, () => {
    execute(db, 'DELETE FROM revoked_tokens WHERE expires_ms <= ?', nowMs);
    execute(
      db,
      'INSERT INTO revoked_tokens (token_hash, expires_ms) VALUES (?, ?) ON CONFLICT (token_hash) DO NOTHING',
      tokenHash(token),
      expiresAtSeconds * 1000,
    );
  });
}

export function isRevoked(db: Database, token: string): boolean {
  return queryOne(db, 'SELECT 1 AS revoked FROM revoked_tokens WHERE token_hash = ?', tokenHash(token)) !== undefined;
}
