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

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

/** A signed (HS256) access token that expires after 12 hours. */
export function issueToken(claims: TokenClaims, secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  return sign(
    {
      sub: claims.username,
      adm: claims.isAdmin,
      ver: claims.tokenVersion,
      iat: nowSeconds,
      exp: nowSeconds + TOKEN_LIFETIME_SECONDS,
    },
    secret,
    'HS256',
  );
}

/** The claims of a validly signed, unexpired token; null for anything else (a token without `ver` too). */
export async function readToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const payload = await verify(token, secret, 'HS256');
    const version = payload.ver;
    if (typeof payload.sub !== 'string' || typeof version !== 'number' || !Number.isSafeInteger(version)) return null;
    return { username: payload.sub, isAdmin: payload.adm === true, tokenVersion: version };
  } catch {
    return null;
  }
}
