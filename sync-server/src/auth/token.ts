import { sign, verify } from 'hono/jwt';

export interface TokenClaims {
  readonly username: string;
  readonly isAdmin: boolean;
}

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

/** A signed (HS256) access token that expires after 12 hours. */
export function issueToken(claims: TokenClaims, secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  return sign(
    { sub: claims.username, adm: claims.isAdmin, iat: nowSeconds, exp: nowSeconds + TOKEN_LIFETIME_SECONDS },
    secret,
    'HS256',
  );
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function readToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const payload = await verify(token, secret, 'HS256');
    if (typeof payload.sub !== 'string') return null;
    return { username: payload.sub, isAdmin: payload.adm === true };
  } catch {
    return null;
  }
}
