import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { ADVERTISED_URL, SESSION_LEASE_TTL_MS } from './whatsapp-options';

/** Thrown when a write is attempted under a lease that another process has taken since. */
export class LeaseLostError extends Error {
  constructor(connectionId: number, token: string) {
    super(`the session lease of connection ${connectionId} (token ${token}) is no longer ours`);
    this.name = 'LeaseLostError';
  }
}

/**
 * The right to run one connection's session, held by one process at a time. Taking it over bumps
 * the fencing token, so writes made under an older token (a stalled process waking up) are refused.
 */
export interface SessionLease {
  connectionId: number;
  owner: string;
  /** bigint as text. */
  token: string;
}

@Injectable()
export class SessionLeaseRepository {
  constructor(
    @InjectDataSource('whatsapp') private readonly dataSource: DataSource,
    @Inject(SESSION_LEASE_TTL_MS) private readonly ttlMs: number,
    /** Recorded with every lease taken, so other replicas can reach the owner (number checks). */
    @Inject(ADVERTISED_URL) private readonly advertisedUrl: string | null = null,
  ) {}

  /**
   * Takes the lease if it is free, expired, or already ours; null when another live process holds it.
   * Every successful take bumps the token, so even our own previous socket's writes are fenced off.
   */
  async tryAcquire(connectionId: number, owner: string): Promise<SessionLease | null> {
    const rows: { token: string }[] = await this.dataSource.query(
      `INSERT INTO whatsapp.session_leases AS l (connection_id, owner, token, expires_at, advertised_url)
       VALUES ($1, $2, 1, now() + make_interval(secs => $3::double precision / 1000), $4)
       ON CONFLICT (connection_id) DO UPDATE
         SET owner = EXCLUDED.owner, token = l.token + 1, expires_at = EXCLUDED.expires_at, advertised_url = EXCLUDED.advertised_url
         WHERE l.expires_at < now() OR l.owner = EXCLUDED.owner
       RETURNING token::text AS token`,
      [connectionId, owner, this.ttlMs, this.advertisedUrl],
    );
    return rows.length ? { connectionId, owner, token: rows[0].token } : null;
  }

  /** Who holds the connection's lease now (not expired), and where it answers; null when nobody does. */
  async holder(connectionId: number): Promise<{ owner: string; advertisedUrl: string | null } | null> {
    const rows: { owner: string; advertised_url: string | null }[] = await this.dataSource.query(
      `SELECT owner, advertised_url FROM whatsapp.session_leases WHERE connection_id = $1 AND expires_at > now()`,
      [connectionId],
    );
    return rows[0] ? { owner: rows[0].owner, advertisedUrl: rows[0].advertised_url } : null;
  }

  /** Extends the lease; false when it was lost (expired and taken by another process). */
  async renew(lease: SessionLease): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [, affected]: [unknown[], number] = await this.dataSource.query(
      `UPDATE whatsapp.session_leases SET expires_at = now() + make_interval(secs => $3::double precision / 1000)
       WHERE connection_id = $1 AND token = $2::bigint AND owner = $4`,
      [lease.connectionId, lease.token, this.ttlMs, lease.owner],
    );
    return affected > 0;
  }

  /** Frees the lease at once (after the session's socket has fully ended), so the next owner need not wait. */
  async release(lease: SessionLease): Promise<void> {
    await this.dataSource.query(
      `UPDATE whatsapp.session_leases SET expires_at = now() - interval '1 second'
       WHERE connection_id = $1 AND token = $2::bigint`,
      [lease.connectionId, lease.token],
    );
  }

  /** Throws LeaseLostError unless the lease is still the current one; call inside the writing transaction. */
  static async assertHeld(manager: EntityManager, lease: SessionLease): Promise<void> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM whatsapp.session_leases WHERE connection_id = $1 AND token = $2::bigint FOR SHARE`,
      [lease.connectionId, lease.token],
    );
    if (rows.length === 0) throw new LeaseLostError(lease.connectionId, lease.token);
  }
}
