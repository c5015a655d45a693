import { type PartnerMessage, type PartnerSendResponse } from '@app/contracts';
import { AppError, FILE_STORAGE, type FileStorage } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { storeOutgoingMedia, type UploadedMedia } from '../sending/media-upload';
import { mediaKindOf } from '../sending/outbound-message.service';
import { ApiTokenRepository, mapPartnerMessage } from './api-token.repository';
import { type ApiCaller, ApiTokenService } from './api-token.service';
import { PartnerSendDrainer } from './partner-send.drainer';
import { type AcceptedMedia, PartnerSendRepository, type PartnerSendRow } from './partner-send.repository';

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
 * POST /messages/send (decision 0051, "Accepting a send"): the files are stored, then one statement
 * accepts the send (the token live and allowed at that instant, the Idempotency-Key claimed, the
 * message ids reserved, what to send stored) and the answer is those ids, pending. The drainer runs
 * the inbox's path after. A repeat of a key within 24 h answers the first result and sends nothing.
 */
@Injectable()
export class PartnerMessageService {
  constructor(
    private readonly sends: PartnerSendRepository,
    private readonly tokens: ApiTokenRepository,
    private readonly authentication: ApiTokenService,
    private readonly drainer: PartnerSendDrainer,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async send(caller: ApiCaller, request: PartnerSend): Promise<PartnerSendResult> {
    const key = request.idempotencyKey ?? null;
    if (key) {
      const earlier = await this.replayOf(caller, key);
      if (earlier) return earlier;
    }
    const medias: AcceptedMedia[] = [];
    for (const file of request.files ?? []) {
      const { url, mimetype, fileName } = await storeOutgoingMedia(this.storage, caller.companyId, file);
      medias.push({ url, mimetype, fileName });
    }
    const send = { tokenId: caller.tokenId, idempotencyKey: key, number: request.number, body: request.body, medias };
    // Twice at most: a refusal whose reason is gone when looked at (a connection projected meanwhile).
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const accepted = await this.sends.accept(send);
      if (accepted) {
        this.drainer.wake();
        return { response: acceptedAnswer(accepted), replayed: false };
      }
      // Nothing accepted: the key was taken meanwhile (a concurrent duplicate committed first), or the
      // token, its plan or its company stopped, or there is no connection to send with.
      if (key) {
        const earlier = await this.replayOf(caller, key);
        if (earlier) return earlier;
      }
      await this.assertSendable(caller);
    }
    throw new AppError('ERR_INTERNAL', 'The send was neither accepted nor refused');
  }

  async status(caller: ApiCaller, id: number): Promise<PartnerMessage> {
    const row = await this.tokens.message(null, caller.companyId, id);
    if (row) return mapPartnerMessage(row);
    const send = await this.sends.byMessageId(caller.companyId, id);
    if (!send || send.state === 'sent') throw new AppError('ERR_NOT_FOUND', 'Mensagem não encontrada');
    const message = acceptedAnswer(send).messages.find((one) => one.id === id)!;
    return send.state === 'failed' ? { ...message, status: 'failed', error: send.error } : message;
  }

  /** The first answer of the key, when it is within its window; a key past it is freed for this request. */
  private async replayOf(caller: ApiCaller, key: string): Promise<PartnerSendResult | null> {
    const held = await this.sends.byKey(caller.tokenId, key);
    if (!held) return null;
    if (held.expired) {
      await this.sends.releaseExpiredKey(caller.tokenId, key);
      return null;
    }
    return { response: acceptedAnswer(held.send), replayed: true };
  }

  /** The error of a send the accept refused: the token stopped, or it has no connection to send with. */
  private async assertSendable(caller: ApiCaller): Promise<void> {
    this.authentication.forget(caller.tokenId);
    const fresh = await this.authentication.reauthenticate(caller.tokenId);
    if (await this.sends.hasConnection(fresh.companyId, fresh.whatsappId)) return;
    if (fresh.whatsappId === null) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'No default connection');
    throw new AppError('ERR_NO_WAPP_FOUND', 'The connection of this token no longer exists');
  }
}

/** The answer of an accepted send, the same at every repeat of its key: its reserved message ids, pending. */
export function acceptedAnswer(send: PartnerSendRow): PartnerSendResponse {
  const createdAt = send.accepted_at.toISOString();
  const messages: PartnerMessage[] = send.message_ids.map((id, index) => {
    const media = send.medias[index];
    return {
      id,
      status: 'pending',
      ticketId: null,
      number: send.number,
      body: index === 0 ? send.body : '',
      mediaType: media ? mediaKindOf(media.mimetype).mediaType : 'chat',
      createdAt,
      error: null,
    };
  });
  return { mensagem: 'Mensagem enviada', id: messages[0]!.id, status: 'pending', messages };
}
