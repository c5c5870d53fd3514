import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../../contracts/users';

export interface AccessClaims {
  sub: string;
  role: Role;
  /** the user's token_version when issued; a bump revokes every token of the user */
  tv: number;
}

export interface VerifiedClaims extends AccessClaims {
  /** this token's id: signing out revokes just this one */
  jti: string;
  /** expiry, seconds since the epoch */
  exp: number;
}

export interface TokenService {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<VerifiedClaims | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ role: claims.role, tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sub, tv, jti, exp } = payload;
        if (typeof sub !== 'string' || typeof tv !== 'number') return null;
        if (typeof jti !== 'string' || typeof exp !== 'number') return null;
        return { sub, role: payload.role as Role, tv, jti, exp };
      } catch {
        return null;
      }
    },
  };
}
