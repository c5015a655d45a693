import { z } from 'zod';

import { callService } from '../http/call-service';

/** The provider token of the service that knows whether a login session is alive: identity. */
export const SESSION_AUTHORITY = Symbol('SESSION_AUTHORITY');

export const sessionStateSchema = z.discriminatedUnion('live', [
  z.object({
    live: z.literal(true),
    userId: z.number().int().positive(),
    companyId: z.number().int().positive(),
    profile: z.enum(['admin', 'supervisor', 'user']),
    super: z.boolean(),
  }),
  z.object({ live: z.literal(false), reason: z.string() }),
]);
/** A session as identity sees it now: alive with its user's current role, or ended and why. */
export type SessionState = z.infer<typeof sessionStateSchema>;

export interface SessionAuthority {
  /** The session's state; `token` is the caller's access token, which proves the right to ask. */
  lookup(sessionId: string, token: string): Promise<SessionState>;
}

/** The path, under /api, where identity answers a session's state to the bearer of one of its tokens. */
export const SESSION_STATE_PATH = '/auth/session';

/** Asks identity over HTTP (every process but identity's own). */
export class HttpSessionAuthority implements SessionAuthority {
  constructor(
    private readonly identityUrl: string,
    private readonly timeoutMs = 3_000,
  ) {}

  async lookup(sessionId: string, token: string): Promise<SessionState> {
    const answer = await callService<unknown>(this.identityUrl, SESSION_STATE_PATH, {
      authorization: `Bearer ${token}`,
      timeoutMs: this.timeoutMs,
    });
    if (!answer.ok) throw new Error(`identity answered ${answer.status} to the session check of ${sessionId}`);
    return sessionStateSchema.parse(answer.body);
  }
}
