import { randomUUID } from 'node:crypto';

import {
  aiMessageTranscribed,
  type Message,
  messageSendRequested,
  type Ticket,
  TRANSCRIPT_MAX_LENGTH,
  whatsappTranscriptionKeyCall,
} from '@app/contracts';
import { AppError, companyMediaKey, FILE_STORAGE, type FileStorage, JOBS, type Jobs, OutboxWriter, ServiceCalls } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { ConnectionRepository } from '../connections/connection.repository';
import { GroupRepository } from '../groups/group.repository';
import { ProviderCallError } from './provider-http';
import { TranscriptionClient } from './transcription.client';

export const TRANSCRIBE_QUEUE = 'ai-transcribe';

/** The job of one audio: what it needs to find the file, the settings and where the text goes. */
export interface TranscribeJob {
  companyId: number;
  messageId: number;
  ticketId: number;
  connectionId: number;
  mediaUrl: string;
  fileName: string | null;
  fromMe: boolean;
  /** Who spoke, for the text sent to the company's own number. */
  speaker: string;
  /** The group contact, for a group's audio. */
  groupId: number | null;
}

/** The text sent to the company's own number (sendme): who spoke, then what they said. */
export const ownNumberText = (speaker: string, transcript: string) => `🎤 *Transcrição* (${speaker}):\n${transcript}`;

/**
 * Audio messages become text (spec 1: a connection's transcribe for received audio, transcribeme for
 * sent audio; spec 3: a group's activetranscribe). Each audio is a pg-boss job (retried, surviving a
 * restart): the file is read from the company's media storage (shared with whatsapp, which stores the
 * media it receives and sends), bounded in size, transcribed with the connection's provider and key
 * (asked of whatsapp as the job runs: the key travels on no event, decision 0052), and the text goes to conversations (ai.message.transcribed: shown under the audio) or, where the
 * connection says sendme, to the company's own number as a WhatsApp message.
 */
@Injectable()
export class TranscriptionService implements OnModuleInit {
  private readonly logger = new Logger(TranscriptionService.name);

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(AI_OPTIONS) private readonly options: AiOptions,
    private readonly connections: ConnectionRepository,
    private readonly groups: GroupRepository,
    private readonly calls: ServiceCalls,
    private readonly client: TranscriptionClient,
    private readonly outbox: OutboxWriter,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(TRANSCRIBE_QUEUE, { uniqueByKey: true });
    await this.jobs.work<TranscribeJob>(TRANSCRIBE_QUEUE, (job) => this.transcribe(job.data), {
      batchSize: 4,
      pollingIntervalSeconds: 0.5,
    });
  }

  /** A new message of a ticket, in the transaction that records its event as consumed: an audio to transcribe is queued. */
  async received(manager: EntityManager, message: Message, ticket: Ticket): Promise<void> {
    if (message.mediaType !== 'audio' || !message.mediaUrl || !this.jobs) return;
    const settings = await this.connections.transcription(manager, ticket.companyId, ticket.whatsappId);
    if (!settings?.hasKey) return;
    const wanted = ticket.isGroup
      ? await this.groups.transcribes(manager, ticket.companyId, ticket.contactId)
      : message.fromMe
        ? settings.transcribeme
        : settings.transcribe;
    if (!wanted) return;
    const job: TranscribeJob = {
      companyId: ticket.companyId,
      messageId: message.id,
      ticketId: ticket.id,
      connectionId: ticket.whatsappId,
      mediaUrl: message.mediaUrl,
      fileName: message.fileName,
      fromMe: message.fromMe,
      speaker: message.fromMe ? 'Você' : (message.contact?.name ?? ticket.contact.name),
      groupId: ticket.isGroup ? ticket.contactId : null,
    };
    await this.jobs.schedule(manager, TRANSCRIBE_QUEUE, job, {
      singletonKey: `transcribe-${message.id}`,
      retryLimit: 2,
      retryDelaySeconds: 10,
    });
  }

  /** Transcribes one audio and says where its text goes. Throws (the job is retried) when the provider keeps failing. */
  async transcribe(job: TranscribeJob): Promise<void> {
    const settings = await this.connections.transaction((manager) =>
      this.connections.transcription(manager, job.companyId, job.connectionId),
    );
    if (!settings?.hasKey) return;
    const key = await this.keyOf(job);
    if (!key?.transcribekey) return;
    const audio = await this.audioOf(job);
    if (!audio) return;
    let text: string;
    try {
      text = (await this.client.transcribe(key.transcribeprovider, key.transcribekey, audio)).slice(0, TRANSCRIPT_MAX_LENGTH);
    } catch (error) {
      // A refusal (a wrong key, an audio it cannot read) will not mend: the job is not tried again.
      const refused = error instanceof ProviderCallError && error.status !== null && error.status < 500 && error.status !== 429;
      this.logger.warn(
        { messageId: job.messageId, provider: key.transcribeprovider, reason: String(error) },
        'the audio was not transcribed',
      );
      if (refused) return;
      throw error;
    }
    if (!text) {
      this.logger.log({ messageId: job.messageId }, 'the audio had no speech to transcribe');
      return;
    }
    await this.connections.transaction(async (manager) => {
      if (job.groupId !== null) await this.groups.transcribed(manager, job.companyId, job.messageId, text);
      if (settings.sendme && settings.number) {
        await this.outbox.add(manager, {
          definition: messageSendRequested,
          companyId: job.companyId,
          key: job.connectionId,
          payload: {
            commandId: randomUUID(),
            connectionId: job.connectionId,
            to: settings.number,
            isGroup: false,
            content: { type: 'text', body: ownNumberText(job.speaker, text) },
            quotedId: null,
            isForwarded: false,
            reference: null,
          },
        });
        return;
      }
      await this.outbox.add(manager, {
        definition: aiMessageTranscribed,
        companyId: job.companyId,
        key: `ticket-${job.ticketId}`,
        payload: { messageId: job.messageId, ticketId: job.ticketId, transcript: text },
      });
    });
  }

  /**
   * The connection's provider and key as whatsapp has them now; null when the connection is gone. A
   * whatsapp that does not answer throws (the job is tried again).
   */
  private async keyOf(job: TranscribeJob) {
    try {
      return await this.calls.call(whatsappTranscriptionKeyCall, job.companyId, { connectionId: job.connectionId });
    } catch (error) {
      if (error instanceof AppError && error.code === 'ERR_NOT_FOUND') return null;
      throw error;
    }
  }

  /** The audio's bytes from the company's media storage; null (nothing to do) when it is not the company's, is gone or too large. */
  private async audioOf(job: TranscribeJob): Promise<{ data: Buffer; contentType: string; fileName: string } | null> {
    const key = companyMediaKey(job.mediaUrl, job.companyId);
    if (!key) {
      this.logger.warn({ messageId: job.messageId }, "the audio is not a file of the message's company");
      return null;
    }
    const file = await this.storage.get(key);
    const limit = this.options.audioMaxBytes ?? 25 * 1024 * 1024;
    if (!file) return null;
    if (file.size > limit) {
      file.stream.destroy();
      this.logger.warn({ messageId: job.messageId, size: file.size }, 'the audio is too large to transcribe');
      return null;
    }
    const chunks: Buffer[] = [];
    let read = 0;
    for await (const chunk of file.stream) {
      read += (chunk as Buffer).length;
      if (read > limit) {
        file.stream.destroy();
        return null;
      }
      chunks.push(chunk as Buffer);
    }
    const fileName = file.fileName ?? job.fileName ?? key.split('/').pop() ?? 'audio.ogg';
    return { data: Buffer.concat(chunks), contentType: file.contentType.split(';')[0]!.trim() || 'audio/ogg', fileName };
  }
}
