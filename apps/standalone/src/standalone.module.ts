import { AiModule, type AiOptions } from '@app/ai';
import { BillingModule, type BillingOptions } from '@app/billing';
import { ConversationsModule, type ConversationsOptions } from '@app/conversations';
import { GatewayModule, type GatewayOptions } from '@app/gateway';
import { IdentityModule, type IdentityOptions } from '@app/identity';
import { OutboundModule, type OutboundOptions } from '@app/outbound';
import { PlatformModule, type PlatformOptions } from '@app/platform';
import { WhatsappModule, type WhatsappOptions } from '@app/whatsapp';
import { type DynamicModule, Module } from '@nestjs/common';

/** Every service's module in one process, over the in-process event transport. */
@Module({})
export class StandaloneModule {
  static forRoot(options: {
    platform: PlatformOptions;
    identity: IdentityOptions;
    gateway: GatewayOptions;
    whatsapp: WhatsappOptions;
    conversations?: ConversationsOptions;
    outbound?: OutboundOptions;
    /** Unset, the providers' keys are encrypted under a key derived from the JWT secret (HKDF, its own label). */
    ai?: AiOptions;
    billing?: BillingOptions;
  }): DynamicModule {
    return {
      module: StandaloneModule,
      imports: [
        PlatformModule.forRoot(options.platform),
        IdentityModule.forRoot(options.identity),
        WhatsappModule.forRoot(options.whatsapp),
        ConversationsModule.forRoot(options.conversations),
        OutboundModule.forRoot(options.outbound),
        AiModule.forRoot(options.ai ?? { keysSecret: options.platform.jwt.secret }),
        BillingModule.forRoot(options.billing ?? { keysSecret: options.platform.jwt.secret }),
        GatewayModule.forRoot(options.gateway),
      ],
    };
  }
}
