import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EventEnvelope } from '@app/contracts';
import { EVENT_TRANSPORT, type EventTransport, type Subscription } from '@app/platform';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { SOCKET_MAPPERS } from './mappers';
import type { SocketEventMapper } from './socket-emit';
import { SocketGateway } from './socket.gateway';

/**
 * Turns domain events into the spec's socket events. Each gateway replica has its own consumer
 * group, so every replica hears every event and needs no shared socket adapter.
 */
@Injectable()
export class RealtimeRelay implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(RealtimeRelay.name);
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    private readonly sockets: SocketGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.transport.subscribe({
      groupId: `gateway-${this.options.instanceId}`,
      topics: [...new Set(SOCKET_MAPPERS.map((mapper) => mapper.topic))],
      fromBeginning: false,
      handler: async (envelope, { topic }) => this.forward(envelope, SOCKET_MAPPERS.filter((m) => m.topic === topic)),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  forward(envelope: EventEnvelope, mappers: SocketEventMapper[] = SOCKET_MAPPERS): void {
    for (const mapper of mappers) {
      for (const emit of mapper.map(envelope)) this.sockets.emit(emit);
    }
    this.logger.debug(`forwarded ${envelope.type}`);
  }
}
