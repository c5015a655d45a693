import { type CheckNumbersBody, type CheckNumbersResponse, ERROR_CODES, type ErrorCode, type NumberCheck } from '@app/contracts';
import { AppError, callService, type ServiceAnswer, type Tenancy, withTimeout } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';

import { ConnectionRepository, type StoredConnection } from '../common/connection.repository';
import { SessionLeaseRepository } from '../common/session-lease.repository';
import { SessionManager } from '../sessions/session-manager';

/** Set on a check forwarded to the lease owner: the owner answers itself or refuses, never forwards again. */
export const FORWARDED_CHECK_HEADER = 'x-zapdesk-forwarded-check';
const CHECK_TIMEOUT_MS = 15_000;
const FORWARD_TIMEOUT_MS = 20_000;

/**
 * Asks WhatsApp which numbers exist, through the connection's live session: here when this process
 * runs it, otherwise at the replica holding its session lease (the call is forwarded with the
 * caller's own token, so the owner applies the same tenant check).
 */
@Injectable()
export class NumberCheckService {
  private readonly logger = new Logger(NumberCheckService.name);

  constructor(
    private readonly connections: ConnectionRepository,
    private readonly sessions: SessionManager,
    private readonly leases: SessionLeaseRepository,
  ) {}

  async check(tenancy: Tenancy, body: CheckNumbersBody, authorization: string, forwarded: boolean): Promise<CheckNumbersResponse> {
    const connection = await this.connection(tenancy, body.whatsappId);
    const runner = this.sessions.runner(connection.id);
    if (runner && !runner.stopped && runner.current) {
      const session = runner.current;
      if (!session.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not connected');
      try {
        const results = await withTimeout(session.checkNumbers(body.numbers), CHECK_TIMEOUT_MS, 'WhatsApp did not answer the number check');
        return { whatsappId: connection.id, results };
      } catch (error) {
        this.logger.warn({ connectionId: connection.id, error: String(error) }, 'number check failed');
        throw new AppError('ERR_WAPP_CHECK_CONTACT', 'WhatsApp did not answer the number check');
      }
    }
    const holder = await this.leases.holder(connection.id);
    // A forwarded check is answered where it lands or refused: at most one hop, never a loop.
    if (forwarded || !holder?.advertisedUrl) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'No live session runs this connection');
    }
    return this.forward(holder.advertisedUrl, connection.id, body.numbers, authorization);
  }

  private async forward(baseUrl: string, connectionId: number, numbers: string[], authorization: string): Promise<CheckNumbersResponse> {
    let answer: ServiceAnswer<CheckNumbersResponse & { error?: string; message?: string }>;
    try {
      answer = await callService(baseUrl, '/whatsapp/check-numbers', {
        authorization,
        json: { numbers, whatsappId: connectionId },
        headers: { [FORWARDED_CHECK_HEADER]: '1' },
        timeoutMs: FORWARD_TIMEOUT_MS,
      });
    } catch (error) {
      this.logger.warn({ connectionId, baseUrl, error: String(error) }, 'forwarding the number check to the session owner failed');
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 'The replica running the session did not answer');
    }
    const body = answer.body;
    if (answer.ok && body && Array.isArray(body.results)) return { whatsappId: body.whatsappId, results: body.results as NumberCheck[] };
    const code = (ERROR_CODES as readonly string[]).includes(body?.error ?? '') ? (body!.error as ErrorCode) : 'ERR_WAPP_CHECK_CONTACT';
    throw new AppError(code, body?.message ?? 'The number check failed');
  }

  /** The asked connection of the caller's company, or its default one (a connected one when the default is not). */
  private async connection(tenancy: Tenancy, whatsappId: number | undefined): Promise<StoredConnection> {
    if (whatsappId !== undefined) {
      const row = await this.connections.ofCompany(null, tenancy.companyId, whatsappId);
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
      return row;
    }
    const rows = await this.connections.allOfCompanyById(tenancy.companyId);
    const chosen =
      rows.find((row) => row.isDefault && row.status === 'CONNECTED') ??
      rows.find((row) => row.status === 'CONNECTED') ??
      rows.find((row) => row.isDefault);
    if (!chosen) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'The company has no default connection');
    return chosen;
  }
}
