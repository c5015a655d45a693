import { SECRET_MASK, WEBHOOK_SECRET_PREFIX } from '@app/contracts';
import { PLATFORM_OPTIONS, type PlatformOptions, SealedBox } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { CONVERSATIONS_OPTIONS, type ConversationsOptions } from '../common/conversations-options';

/** A new or rotated secret as stored (sealed) and as shown afterwards (its last 4 characters). */
export interface StoredWebhookSecret {
  sealed: string;
  hint: string;
}

/** How an endpoint's secret is shown after its creation or rotation: the mask and its last 4 characters. */
export function webhookSecretPreview(hint: string): string {
  return `${WEBHOOK_SECRET_PREFIX}${SECRET_MASK}${hint}`;
}

/**
 * The endpoints' signing secrets at rest, sealed (the house's SealedBox) under WEBHOOK_KEYS_SECRET,
 * or the JWT secret when that is unset (as the standalone seals the Cloud API secrets). A secret is
 * in the clear only in the creation's or rotation's answer and in the dispatcher's memory while it signs.
 */
@Injectable()
export class WebhookSecretBox {
  private readonly box: SealedBox;

  constructor(@Inject(CONVERSATIONS_OPTIONS) options: ConversationsOptions, @Inject(PLATFORM_OPTIONS) platform: PlatformOptions) {
    const secret = options.webhookKeysSecret ?? platform.jwt.secret;
    if (!secret || secret.length < 32) throw new Error('WEBHOOK_KEYS_SECRET must be at least 32 characters');
    this.box = new SealedBox(secret, { salt: 'zapdesk-conversations', info: 'webhook signing secrets at rest' });
  }

  seal(plain: string): StoredWebhookSecret {
    return { sealed: this.box.seal(plain), hint: plain.slice(-4) };
  }

  open(sealed: string): string {
    return this.box.open(sealed, 'webhook secret');
  }

  /** Whether a stored value is a secret from before sealing (the `whsec_` form in the clear). */
  static isPlain(stored: string): boolean {
    return stored.startsWith(WEBHOOK_SECRET_PREFIX);
  }
}
