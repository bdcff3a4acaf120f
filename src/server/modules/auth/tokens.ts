import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error';

/**
 * Access tokens are HS256 JWTs carrying the user id (`sub`) and the session id (`sid`). The session
 * row is the source of truth: logout and password change revoke it, so a stolen token dies with it.
 */
export interface TokenClaims {
  userId: number;
  sessionId: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(claims: TokenClaims, secret: string, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
}

/** Throws AppError TOKEN_EXPIRED for an expired token and `unauthorized` for any other bad token. */
export async function verifyAccessToken(token: string, secret: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') throw new AppError('unauthorized', 'Invalid token');
    return { userId, sessionId: payload.sid };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'Your session has expired. Please log in again.');
    if (err instanceof AppError) throw err;
    throw new AppError('unauthorized', 'Invalid token');
  }
}
