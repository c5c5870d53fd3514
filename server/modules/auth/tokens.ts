import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../users/schema';

export interface AccessClaims {
  sub: string;
  role: Role;
  /** the user's token_version when issued; a bump revokes the token */
  tv: number;
}

export interface TokenService {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ role: claims.role, tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        return { sub: payload.sub, role: payload.role as Role, tv: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
