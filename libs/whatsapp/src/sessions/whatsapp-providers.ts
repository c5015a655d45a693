import { FILE_STORAGE, type FileStorage, OutboundUrlGuard } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { AuthStateRepository } from '../common/auth-state.repository';
import { WHATSAPP_OPTIONS, type WhatsappOptions } from '../common/whatsapp-options';
import { InboundMessageService } from '../messages/inbound-message.service';
import { SendIntentRepository } from '../messages/send-intent.repository';
import { BaileysProvider } from '../providers/baileys/baileys.provider';
import { CloudProvider } from '../providers/cloud/cloud.provider';
import { CloudAccountRepository } from '../providers/cloud/cloud-account.repository';
import { CloudGraphFactory } from '../providers/cloud/cloud-graph.factory';
import { CloudMessageRepository } from '../providers/cloud/cloud-message.repository';
import { SimulatorProvider } from '../providers/simulator/simulator.provider';
import { SimulatorPhoneRepository } from '../providers/simulator/simulator-phone.repository';
import type { WhatsAppProvider } from '../providers/whatsapp-provider';

/** The providers this process can open sessions with, by the connection's `provider` name. */
@Injectable()
export class WhatsappProviders {
  private readonly byName = new Map<string, WhatsAppProvider>();

  constructor(
    intents: SendIntentRepository,
    auth: AuthStateRepository,
    inbound: InboundMessageService,
    outboundGuard: OutboundUrlGuard,
    phone: SimulatorPhoneRepository,
    @Inject(FILE_STORAGE) storage: FileStorage,
    @Inject(WHATSAPP_OPTIONS) options: WhatsappOptions,
    cloudAccounts: CloudAccountRepository,
    cloudMessages: CloudMessageRepository,
    graph: CloudGraphFactory,
  ) {
    const logger = new Logger('WhatsappSessions');
    this.byName.set(
      'beta',
      new BaileysProvider({ intents, auth, seen: (id, messageId) => inbound.alreadySeen(id, messageId), logger, outboundGuard }),
    );
    if (options.simulatorEnabled) this.byName.set('simulator', new SimulatorProvider(phone, storage));
    if (graph.enabled) {
      this.byName.set(
        'cloud',
        new CloudProvider({
          accounts: cloudAccounts,
          messages: cloudMessages,
          graph,
          logger,
          backoffFirstMs: options.cloud?.backoffFirstMs,
          throughput: options.cloud?.throughput,
        }),
      );
    }
  }

  get(name: string): WhatsAppProvider | undefined {
    return this.byName.get(name);
  }
}
