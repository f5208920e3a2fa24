import { randomBytes } from 'node:crypto';
import { sign, verify } from 'hono/jwt';

/** Who the caller is, once a token has been checked against the user's current record. */
export interface AuthenticatedUser {
  readonly username: string;
  readonly isAdmin: boolean;
}

export interface TokenClaims extends AuthenticatedUser {
  /** The user's token version when the token was issued; a different current version revokes it. */
  readonly tokenVersion: number;
}

/** A token as read back: its claims and when it expires. */
export interface ReadToken extends TokenClaims {
  readonly expiresAtSeconds: number;
}

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

/**
 * A signed (HS256) access token that expires after 12 hours. Its random id (`jti`) makes every token
 * distinct, so signing out one device never signs out another that signed in within the same second.
 */
export function issueToken(claims: TokenClaims, secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  return sign(
    {
      sub: claims.username,
      adm: claims.isAdmin,
      ver: claims.tokenVersion,
      iat: nowSeconds,
      exp: nowSeconds + TOKEN_LIFETIME_SECONDS,
      jti: randomBytes(12).toString('base64url'),
    },
    secret,
    'HS256',
  );
}

/** The claims of a validly signed, unexpired token; null for anything else (one without `ver` or `exp` too). */
export async function readToken(token: string, secret: string): Promise<ReadToken | null> {
  try {
    const payload = await verify(token, secret, 'HS256');
    const version = payload.ver;
    if (typeof payload.sub !== 'string' || typeof version !== 'number' || !Number.isSafeInteger(version)) return null;
    // verify() refused one past its `exp`; every token this server signs has one.
    const expiresAtSeconds = payload.exp;
    if (typeof expiresAtSeconds !== 'number') return null;
    return { username: payload.sub, isAdmin: payload.adm === true, tokenVersion: version, expiresAtSeconds };
  } catch {
    return null;
  }
}
