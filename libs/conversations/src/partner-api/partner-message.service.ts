import { type Message, type PartnerMessage, type PartnerSendResponse, partnerSendResponseSchema, partnerStatusOf } from '@app/contracts';
import { AppError, FILE_STORAGE, type FileStorage } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ContactRepository } from '../common/contact.repository';
import { ConversationEvents } from '../common/conversation-events';
import { ProjectionRepository } from '../common/projection.repository';
import { TicketRepository, type TicketRow } from '../common/ticket.repository';
import { TicketStatsRepository } from '../dashboard/ticket-stats.repository';
import { storeOutgoingMedia, type UploadedMedia } from '../sending/media-upload';
import { OutboundMessageService, type OutgoingMedia } from '../sending/outbound-message.service';
import { ApiTokenRepository, mapPartnerMessage } from './api-token.repository';
import { type ApiCaller } from './api-token.service';

export interface PartnerSend {
  number: string;
  body: string;
  files?: UploadedMedia[];
  idempotencyKey?: string;
}

/** The answer, and whether it is the first result of its Idempotency-Key answered again. */
export interface PartnerSendResult {
  response: PartnerSendResponse;
  replayed: boolean;
}

/**
 * POST /messages/send (decision 0051): the number's contact and its live ticket on the token's
 * connection (or the company's default), created when missing, and the message sent on it as the
 * inbox sends one (stored with its whatsapp.commands command in one transaction), so the inbox shows
 * it and its acks. With an Idempotency-Key the key is claimed in that same transaction: a repeat
 * within 24 h answers the stored result and sends nothing.
 */
@Injectable()
export class PartnerMessageService {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly contacts: ContactRepository,
    private readonly tickets: TicketRepository,
    private readonly projections: ProjectionRepository,
    private readonly outbound: OutboundMessageService,
    private readonly events: ConversationEvents,
    private readonly stats: TicketStatsRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async send(caller: ApiCaller, request: PartnerSend): Promise<PartnerSendResult> {
    const key = request.idempotencyKey;
    if (key) {
      const earlier = await this.tokens.answerOf(caller.tokenId, key);
      if (earlier) return { response: partnerSendResponseSchema.parse(earlier), replayed: true };
    }
    const media: OutgoingMedia[] = [];
    for (const file of request.files ?? []) media.push(await storeOutgoingMedia(this.storage, caller.companyId, file));
    const outcome = await this.tokens.transaction(async (manager): Promise<PartnerSendResult> => {
      if (key && !(await this.tokens.claimKey(manager, caller.tokenId, caller.companyId, key))) return { response: null!, replayed: true };
      const ticket = await this.ticketFor(manager, caller, request.number);
      const sent: Message[] = [];
      if (media.length === 0) sent.push(await this.outbound.sendText(manager, ticket, request.body, null, { automatic: true }));
      for (const [index, item] of media.entries()) {
        sent.push(await this.outbound.sendText(manager, ticket, index === 0 ? request.body : '', null, { media: item, automatic: true }));
      }
      const messages = sent.map((message) => partnerMessageOf(message, request.number));
      const response: PartnerSendResponse = { mensagem: 'Mensagem enviada', id: messages[0]!.id, status: messages[0]!.status, messages };
      if (key) await this.tokens.saveAnswer(manager, caller.tokenId, key, response);
      return { response, replayed: false };
    });
    if (outcome.response) return outcome;
    // A concurrent request with the same key committed first: its answer.
    const earlier = await this.tokens.answerOf(caller.tokenId, key!);
    if (!earlier) throw new AppError('ERR_INTERNAL', 'The Idempotency-Key was claimed without an answer');
    return { response: partnerSendResponseSchema.parse(earlier), replayed: true };
  }

  async status(caller: ApiCaller, id: number): Promise<PartnerMessage> {
    const row = await this.tokens.message(null, caller.companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 'Mensagem não encontrada');
    return mapPartnerMessage(row);
  }

  /** The contact's live ticket on the connection, or a new pending one (waiting in the inbox as a new conversation would). */
  private async ticketFor(manager: EntityManager, caller: ApiCaller, number: string): Promise<TicketRow> {
    const connectionId = caller.whatsappId ?? (await this.projections.defaultConnectionId(manager, caller.companyId));
    if (!connectionId) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'No default connection');
    if (!(await this.projections.connection(manager, caller.companyId, connectionId))) {
      throw new AppError('ERR_NO_WAPP_FOUND', 'The connection of this token no longer exists');
    }
    const contact = await this.contacts.upsertFromWhatsapp(
      manager,
      caller.companyId,
      connectionId,
      { number, lid: null, pushName: null },
      false,
      false,
    );
    if (contact.created) await this.events.contactChanged(manager, caller.companyId, contact.id, true);
    let ticketId = await this.tickets.insertStarted(manager, {
      companyId: caller.companyId,
      contactId: contact.id,
      connectionId,
      status: 'pending',
      userId: null,
      queueId: null,
      isGroup: false,
    });
    if (ticketId !== null) await this.stats.opened(manager, [ticketId]);
    ticketId ??= await this.tokens.liveTicketId(manager, caller.companyId, contact.id, connectionId);
    const ticket = ticketId === null ? null : await this.tickets.findRow(manager, caller.companyId, { id: ticketId }, true);
    if (!ticket) throw new AppError('ERR_CREATING_TICKET', 'Could not open a ticket for this number');
    return ticket;
  }
}

function partnerMessageOf(message: Message, number: string): PartnerMessage {
  return {
    id: message.id,
    status: partnerStatusOf(message.ack, message.sendError),
    ticketId: message.ticketId,
    number: message.contact?.number ?? number,
    body: message.body,
    mediaType: message.mediaType,
    createdAt: message.createdAt,
    error: message.sendError,
  };
}
