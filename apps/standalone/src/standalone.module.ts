import { type DynamicModule, Module } from '@nestjs/common';
import { GatewayModule, type GatewayOptions } from '@app/gateway';
import { IdentityModule, type IdentityOptions } from '@app/identity';
import { PlatformModule, type PlatformOptions } from '@app/platform';

/** Every service's module in one process, over the in-process event transport. */
@Module({})
export class StandaloneModule {
  static forRoot(options: { platform: PlatformOptions; identity: IdentityOptions; gateway: GatewayOptions }): DynamicModule {
    return {
      module: StandaloneModule,
      imports: [
        PlatformModule.forRoot(options.platform),
        IdentityModule.forRoot(options.identity),
        GatewayModule.forRoot(options.gateway),
      ],
    };
  }
}
