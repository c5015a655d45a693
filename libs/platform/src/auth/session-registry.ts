import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

import { companyDeleted, companyUpdated, type EventEnvelope, sessionEnded, TOPICS, userDeleted, userUpdated } from '@app/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';

import { AppError } from '../errors/app-error';
import type { EventTransport, Subscription } from '../events/event-transport';
import { EVENT_TRANSPORT } from '../events/event-transport.provider';
import { readEvent } from '../events/read-event';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';
import { SESSION_AUTHORITY, type SessionAuthority, type SessionState } from './session-authority';
import type { Tenancy } from './tenancy';

/** How long a live session's state is trusted without asking identity again (events cut it short). */
export const LIVE_SESSION_TTL_MS = 60_000;
/** Ended sessions are remembered for as long as one of their access tokens can still be unexpired. */
const ENDED_SESSION_TTL_MS = 16 * 60_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  state: SessionState;
  fetchedAt: number;
}

/** What a session-ending identity event means for the sessions this process knows. */
export type SessionChange =
  | { kind: 'session-ended'; sessionId: string }
  | { kind: 'user-deleted'; userId: number }
  | { kind: 'user-changed'; userId: number; profile: Tenancy['profile']; super: boolean }
  | { kind: 'company-closed'; companyId: number }
  | { kind: 'company-reopened'; companyId: number };

/** The identity event as a change of sessions, or null when it changes none. */
export function sessionChangeOf(envelope: EventEnvelope): SessionChange | null {
  const ended = readEvent(sessionEnded, envelope);
  if (ended) return { kind: 'session-ended', sessionId: ended.sessionId };
  const deleted = readEvent(userDeleted, envelope);
  if (deleted) return { kind: 'user-deleted', userId: deleted.userId };
  const updated = readEvent(userUpdated, envelope);
  if (updated) return { kind: 'user-changed', userId: updated.user.id, profile: updated.user.profile, super: updated.user.super };
  const company = readEvent(companyUpdated, envelope);
  if (company) {
    const open = company.company.status && company.company.approved;
    return { kind: open ? 'company-reopened' : 'company-closed', companyId: company.company.id };
  }
  const companyGone = readEvent(companyDeleted, envelope);
  if (companyGone) return { kind: 'company-closed', companyId: companyGone.companyId };
  return null;
}

/**
 * Whether the login session behind an access token is still alive, checked on every request and
 * socket handshake. A signed token alone stays valid for its 15 minutes; this ends it at once when
 * the user logs out, a reused refresh token revokes the session, the user is deleted or loses a
 * role, or the company is deactivated.
 *
 * Identity is the authority (`SESSION_AUTHORITY`: its own database in-process, its HTTP endpoint
 * elsewhere). Answers are cached per session for a minute, and identity's events correct the cache
 * at once: every process listens to identity.events with a group of its own, so every replica
 * hears every change. Listeners (the socket gateway) are told of each change to act on it too.
 */
@Injectable()
export class SessionRegistry implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SessionRegistry.name);
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<SessionState>>();
  private readonly listeners = new Set<(change: SessionChange) => void>();
  private authority?: SessionAuthority;
  private subscription?: Subscription;

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.authority = this.findAuthority();
    this.subscription = await this.transport.subscribe({
      groupId: `sessions-${this.options.serviceName}-${hostname()}-${randomUUID().slice(0, 8)}`,
      topics: [TOPICS.identityEvents],
      fromBeginning: false,
      handler: async (envelope) => {
        const change = sessionChangeOf(envelope);
        if (change) this.apply(change);
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** Refuses the request unless the token's session is alive and the token still says who the user is. */
  async assertLive(tenancy: Tenancy, token: string): Promise<void> {
    const state = await this.state(tenancy.sessionId, token);
    if (!state.live) throw new AppError('ERR_SESSION_EXPIRED', `Session ended (${state.reason})`);
    if (state.userId !== tenancy.userId || state.companyId !== tenancy.companyId) {
      throw new AppError('ERR_SESSION_EXPIRED', 'The token does not belong to its session');
    }
    if (state.profile !== tenancy.profile || state.super !== tenancy.super) {
      // The user's role changed since the token was signed: a refresh brings a token that says so.
      throw new AppError('ERR_INVALID_TOKEN', "The user's profile changed; refresh the token");
    }
  }

  /** Called with every change this process learns of (after the cache took it). */
  onChange(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes a change into the cache and tells the listeners. Public for identity's own writes. */
  apply(change: SessionChange): void {
    switch (change.kind) {
      case 'session-ended':
        this.remember(change.sessionId, { live: false, reason: 'session ended' });
        break;
      case 'user-deleted':
        this.forEachEntry(
          (id, state) => state.live && state.userId === change.userId && this.remember(id, { live: false, reason: 'user deleted' }),
        );
        break;
      case 'user-changed':
        this.forEachEntry((id, state) => {
          if (state.live && state.userId === change.userId) this.remember(id, { ...state, profile: change.profile, super: change.super });
        });
        break;
      case 'company-closed':
        this.forEachEntry((id, state) => {
          if (state.live && state.companyId === change.companyId && !state.super)
            this.remember(id, { live: false, reason: 'company inactive' });
        });
        break;
      case 'company-reopened':
        // Sessions refused while the company was closed may be alive again: ask identity next time.
        this.forEachEntry((id, state) => !state.live && state.reason === 'company inactive' && this.entries.delete(id));
        break;
      default:
        assertUnreachable(change);
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.logger.warn(`session change listener failed: ${String(error)}`);
      }
    }
  }

  private async state(sessionId: string, token: string): Promise<SessionState> {
    const entry = this.entries.get(sessionId);
    const now = Date.now();
    if (entry && (!entry.state.live || now - entry.fetchedAt < LIVE_SESSION_TTL_MS)) return entry.state;
    let lookup = this.pending.get(sessionId);
    if (!lookup) {
      lookup = this.lookup(sessionId, token).finally(() => this.pending.delete(sessionId));
      this.pending.set(sessionId, lookup);
    }
    try {
      return await lookup;
    } catch (error) {
      // Identity unreachable: a session it said was alive a moment ago stays so until it answers again.
      if (entry?.state.live) return entry.state;
      this.logger.warn(`session check failed: ${String(error)}`);
      throw new AppError('ERR_SERVICE_UNAVAILABLE', 'Sessions cannot be checked right now; try again shortly');
    }
  }

  private async lookup(sessionId: string, token: string): Promise<SessionState> {
    const startedAt = Date.now();
    const state = await this.requireAuthority().lookup(sessionId, token);
    // An event that ended the session while identity was answering wins over the older answer.
    const meanwhile = this.entries.get(sessionId);
    if (meanwhile && !meanwhile.state.live && meanwhile.fetchedAt >= startedAt) return meanwhile.state;
    this.remember(sessionId, state);
    return state;
  }

  private remember(sessionId: string, state: SessionState): void {
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { state, fetchedAt: Date.now() });
    if (this.entries.size > MAX_ENTRIES) this.prune();
  }

  private forEachEntry(visit: (sessionId: string, state: SessionState) => unknown): void {
    for (const [id, entry] of [...this.entries]) visit(id, entry.state);
  }

  /** Drops what can no longer matter, then the oldest entries (the map keeps insertion order). */
  private prune(): void {
    const now = Date.now();
    for (const [id, entry] of this.entries) {
      const ttl = entry.state.live ? LIVE_SESSION_TTL_MS : ENDED_SESSION_TTL_MS;
      if (now - entry.fetchedAt > ttl) this.entries.delete(id);
    }
    for (const id of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES * 0.9) break;
      this.entries.delete(id);
    }
  }

  private requireAuthority(): SessionAuthority {
    this.authority ??= this.findAuthority();
    return this.authority;
  }

  private findAuthority(): SessionAuthority {
    try {
      return this.moduleRef.get<SessionAuthority>(SESSION_AUTHORITY, { strict: false });
    } catch {
      throw new Error('No session authority: this process runs no identity module and was given no IDENTITY_URL to check sessions with');
    }
  }
}

function assertUnreachable(value: never): never {
  throw new Error(`unhandled session change ${JSON.stringify(value)}`);
}
