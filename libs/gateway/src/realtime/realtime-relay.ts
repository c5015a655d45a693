import type { EventEnvelope } from '@app/contracts';
import type { DeliveryContext, EventConsumer } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { GATEWAY_OPTIONS, type GatewayOptions } from '../common/gateway-options';
import type { SocketEventMapper } from '../common/socket-emit';
import { SOCKET_MAPPERS } from './mappers';
import { RecentEvents } from './recent-events';
import { SocketGateway } from './socket.gateway';

/**
 * Turns domain events into the spec's socket events. Each gateway replica has its own consumer
 * group, so every replica hears every event and needs no shared socket adapter. Events come at least
 * once; one delivered again (same topic and id) is passed over, so a socket shows it once.
 */
@Injectable()
export class RealtimeRelay implements EventConsumer {
  private readonly logger = new Logger(RealtimeRelay.name);
  private readonly forwarded = new RecentEvents();

  constructor(
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    private readonly sockets: SocketGateway,
  ) {}

  get subscription() {
    return {
      groupId: `gateway-${this.options.instanceId}`,
      topics: [...new Set(SOCKET_MAPPERS.map((mapper) => mapper.topic))],
      fromBeginning: false,
    };
  }

  async handle(envelope: EventEnvelope, { topic }: DeliveryContext): Promise<void> {
    if (this.forwarded.has(topic, envelope.id)) {
      this.logger.debug(`passed over ${envelope.type} ${envelope.id}, delivered again`);
      return;
    }
    this.forward(
      envelope,
      SOCKET_MAPPERS.filter((mapper) => mapper.topic === topic),
    );
    // Recorded once forwarded: a delivery that failed half way is retried in full.
    this.forwarded.add(topic, envelope.id);
  }

  forward(envelope: EventEnvelope, mappers: SocketEventMapper[] = SOCKET_MAPPERS): void {
    for (const mapper of mappers) {
      for (const emit of mapper.map(envelope)) this.sockets.emit(emit);
    }
    this.logger.debug(`forwarded ${envelope.type}`);
  }
}
