import { createServer, type Server } from 'node:http';

import { type JwtPayload, verify } from 'jsonwebtoken';

export interface IdentitySessionsStandIn {
  url: string;
  /** Identity's answer for this session from now on: ended. */
  end(sessionId: string): void;
  close(): Promise<void>;
}

/**
 * What identity answers to GET /api/auth/session, for distributed tests that run services without
 * identity and sign their own tokens (as they insert identity's projections by hand): every token
 * signed with the secret belongs to a live session with the role it states, until `end`.
 */
export async function startIdentitySessionsStandIn(secret: string): Promise<IdentitySessionsStandIn> {
  const ended = new Set<string>();
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || request.url !== '/api/auth/session') return answer(404, { error: 'ERR_NOT_FOUND' });
    try {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const claims = verify(token, secret, { algorithms: ['HS256'] }) as JwtPayload;
      if (ended.has(claims.sid)) return answer(200, { live: false, reason: 'session ended' });
      answer(200, { live: true, userId: Number(claims.sub), companyId: claims.companyId, profile: claims.profile, super: claims.super });
    } catch {
      answer(403, { error: 'ERR_INVALID_TOKEN' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    end: (sessionId) => ended.add(sessionId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
