import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';

export interface UserRecord {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly passwordHash: string;
  readonly isAdmin: boolean;
}

interface UserRow {
  id: number;
  username: string;
  email: string | null;
  password_hash: string;
  is_admin: number;
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

export function setPassword(db: Database, username: string, passwordHash: string, isAdmin: boolean): void {
  execute(
    db,
    'UPDATE users SET password_hash = ?, is_admin = ? WHERE username = ?',
    passwordHash,
    isAdmin ? 1 : 0,
    username,
  );
}
