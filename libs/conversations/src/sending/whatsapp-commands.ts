import { randomUUID } from 'node:crypto';

import { messageSendRequested, type SendContent } from '@app/contracts';
import { AppError, OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface SendTarget {
  companyId: number;
  connectionId: number;
  /** The contact's number (digits) or group id; null when only a LID is known. */
  to: string | null;
  isGroup: boolean;
}

/**
 * Records a command for the WhatsApp service in the caller's transaction (whatsapp.commands,
 * keyed by connection so a connection's sends keep their order). Returns the command id the answer
 * (whatsapp.message.sent / sendFailed) will carry.
 */
@Injectable()
export class WhatsappCommands {
  constructor(private readonly outbox: OutboxWriter) {}

  async send(
    manager: EntityManager,
    target: SendTarget,
    content: SendContent,
    options: { quotedId?: string | null; isForwarded?: boolean; reference?: Record<string, string | number> } = {},
  ): Promise<string> {
    if (!target.to || !/^[\d-]{5,40}$/.test(target.to)) {
      throw new AppError('ERR_WAPP_INVALID_CONTACT', 'The contact has no WhatsApp number to send to');
    }
    const commandId = randomUUID();
    await this.outbox.add(manager, {
      definition: messageSendRequested,
      companyId: target.companyId,
      key: target.connectionId,
      payload: {
        commandId,
        connectionId: target.connectionId,
        to: target.to,
        isGroup: target.isGroup,
        content,
        quotedId: options.quotedId ?? null,
        isForwarded: options.isForwarded ?? false,
        reference: options.reference ?? null,
      },
    });
    return commandId;
  }
}
