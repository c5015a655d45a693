import { eventConsumers } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { GATEWAY_OPTIONS, type GatewayOptions } from './common/gateway-options';
import { RealtimeRelay } from './realtime/realtime-relay';
import { SocketGateway } from './realtime/socket.gateway';

/** The browser's entry: socket.io fan-out of domain events (HTTP routing is mounted by the app). */
@Module({})
export class GatewayModule {
  static forRoot(options: GatewayOptions): DynamicModule {
    return {
      module: GatewayModule,
      providers: [{ provide: GATEWAY_OPTIONS, useValue: options }, SocketGateway, ...eventConsumers(RealtimeRelay)],
    };
  }
}
