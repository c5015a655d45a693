import { SealedBox } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from './ai-options';

/** The providers' keys at rest, sealed under AI_KEYS_SECRET (SealedBox); an empty key stays empty. */
@Injectable()
export class KeyCipher {
  private readonly box: SealedBox;

  constructor(@Inject(AI_OPTIONS) options: AiOptions) {
    if (!options.keysSecret || options.keysSecret.length < 32) throw new Error('AI_KEYS_SECRET must be at least 32 characters');
    this.box = new SealedBox(options.keysSecret, { salt: 'zapdesk-ai', info: 'provider keys at rest' });
  }

  encrypt(plain: string): string {
    return plain ? this.box.seal(plain) : '';
  }

  decrypt(stored: string): string {
    return stored ? this.box.open(stored, 'key') : '';
  }
}
