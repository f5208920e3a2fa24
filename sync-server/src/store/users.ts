import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';

export interface UserRecord {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly passwordHash: string;
  readonly isAdmin: boolean;
  /** Written into each access token; raising it revokes every token issued before. */
  readonly tokenVersion: number;
}

interface UserRow {
  id: number;
  username: string;
  email: string | null;
  password_hash: string;
  is_admin: number;
  token_version: number;
}

export function findUser(db: Database, username: string): UserRecord | undefined {
  const row = queryOne<UserRow>(db, 'SELECT * FROM users WHERE username = ?', username);
  return (
    row && {
      id: row.id,
      username: row.username,
      email: row.email,
      passwordHash: row.password_hash,
      isAdmin: row.is_admin === 1,
      tokenVersion: row.token_version,
    }
  );
}

export function createUser(
  db: Database,
  user: { username: string; email: string | null; passwordHash: string; isAdmin: boolean },
): number {
  return execute(
    db,
    'INSERT INTO users (username, email, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?)',
    user.username,
    user.email,
    user.passwordHash,
    user.isAdmin ? 1 : 0,
    new Date().toISOString(),
  ).lastInsertRowid;
}

/**
 * Replaces a password and revokes every token issued with the old one (one statement, so no request sees
 * the new password with the old token version). With `expectedHash`, only if the stored hash is still that
 * one (a concurrent change wins, this one is refused). Answers the user as it is now, or undefined when
 * nothing was changed.
 */
export function replacePassword(
  db: Database,
  username: string,
  passwordHash: string,
  expectedHash?: string,
): UserRecord | undefined {
  const { changes } = execute(
    db,
    `UPDATE users SET password_hash = ?, token_version = token_version + 1
     WHERE username = ? AND password_hash = coalesce(?, password_hash)`,
    passwordHash,
    username,
    expectedHash ?? null,
  );
  return changes === 1 ? findUser(db, username) : undefined;
}

export function setAdmin(db: Database, username: string, isAdmin: boolean): void {
  execute(db, 'UPDATE users SET is_admin = ? WHERE username = ?', isAdmin ? 1 : 0, username);
}
