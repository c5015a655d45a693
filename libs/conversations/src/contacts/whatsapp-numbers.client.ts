import type { CheckNumbersResponse } from '@app/contracts';
import { AppError, callService, type ServiceAnswer } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { CONVERSATIONS_OPTIONS, type ConversationsOptions } from '../common/conversations-options';
import { ProjectionRepository } from '../common/projection.repository';

/** What the check said of a number: `number` is WhatsApp's own form of it (its jid's user part). */
export type NumberVerdict = { checked: false; number: string } | { checked: true; number: string };

const TIMEOUT_MS = 25_000;

/**
 * Asks the whatsapp service whether a number is on WhatsApp, with the caller's own token (so the
 * connection is checked against the caller's company there too). Only a connected connection can
 * answer: with none, the number is kept unchecked.
 */
@Injectable()
export class WhatsappNumbers {
  private readonly logger = new Logger(WhatsappNumbers.name);
  private readonly baseUrl: string | undefined;

  constructor(
    @Inject(CONVERSATIONS_OPTIONS) options: ConversationsOptions,
    private readonly projections: ProjectionRepository,
  ) {
    this.baseUrl = options.whatsappUrl;
  }

  /**
   * The number as WhatsApp knows it; ERR_WAPP_INVALID_CONTACT when it has no account, ERR_WAPP_CHECK_CONTACT
   * when the check fails. `connectionId` picks the connection (a ticket's); otherwise the company's
   * default one when connected, else any connected one.
   */
  async verify(companyId: number, authorization: string, number: string, connectionId?: number): Promise<NumberVerdict> {
    if (!this.baseUrl) return { checked: false, number };
    const whatsappId = await this.projections.connectedConnectionId(companyId, connectionId);
    if (!whatsappId) return { checked: false, number };
    let answer: ServiceAnswer<CheckNumbersResponse & { error?: string }>;
    try {
      answer = await callService(this.baseUrl, '/whatsapp/check-numbers', {
        authorization,
        json: { numbers: [number], whatsappId },
        timeoutMs: TIMEOUT_MS,
      });
    } catch (error) {
      this.logger.warn({ companyId, whatsappId, error: String(error) }, 'the whatsapp service did not answer the number check');
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 'The number could not be checked on WhatsApp');
    }
    const body = answer.body;
    // The connection stopped being connected since our projection last heard of it: as with none connected.
    if (body?.error === 'ERR_WAPP_NOT_INITIALIZED') return { checked: false, number };
    const result = answer.ok ? body?.results?.[0] : undefined;
    if (!result) {
      this.logger.warn({ companyId, whatsappId, status: answer.status, error: body?.error }, 'the number check failed');
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 'The number could not be checked on WhatsApp');
    }
    // `invalido`: the Whaticket family's flag on a refused number (spec 1, POST /contacts).
    if (!result.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'This is not a valid WhatsApp number', { invalido: true });
    return { checked: true, number: result.jid ? result.jid.split('@')[0]!.split(':')[0]! : number };
  }
}
