import { whatsappTranscriptionKeyCall } from '@app/contracts';
import { AppError, ServiceCalls } from '@app/platform';
import { Injectable, type OnModuleInit } from '@nestjs/common';

import { ConnectionRepository } from '../common/connection.repository';

/**
 * Whatsapp answers the ai service's whatsapp.transcription-key call (decision 0052): the provider and
 * key of one of the company's connections, asked when an audio of it is transcribed, so the key
 * travels on no event.
 */
@Injectable()
export class TranscriptionKeyAnswer implements OnModuleInit {
  constructor(
    private readonly calls: ServiceCalls,
    private readonly connections: ConnectionRepository,
  ) {}

  onModuleInit(): void {
    this.calls.answer(whatsappTranscriptionKeyCall, async (companyId, { connectionId }) => {
      const connection = await this.connections.ofCompany(null, companyId, connectionId);
      if (!connection) throw new AppError('ERR_NOT_FOUND', 'Connection not found');
      return { transcribeprovider: connection.transcribeprovider, transcribekey: connection.transcribekey };
    });
  }
}
