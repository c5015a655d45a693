import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { TOPICS, userCreated, type EventEnvelope } from '@app/contracts';
import { EVENT_TRANSPORT, readEvent, type EventTransport, type Subscription } from '@app/platform';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { SocketGateway } from './socket.gateway';

/**
 * Turns domain events into the spec's socket events. Each gateway replica has its own consumer
 * group, so every replica hears every event and needs no shared socket adapter.
 */
@Injectable()
export class RealtimeRelay implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    private readonly sockets: SocketGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.transport.subscribe({
      groupId: `gateway-${this.options.instanceId}`,
      topics: [TOPICS.identityEvents],
      fromBeginning: false,
      handler: async (envelope) => this.forward(envelope),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  forward(envelope: EventEnvelope): void {
    const created = readEvent(userCreated, envelope);
    if (created) {
      this.sockets.sendToCompany(created.user.companyId, 'user', { action: 'create', user: created.user });
    }
  }
}
