import { maskSecret } from '@app/contracts';
import { SealedBox } from '@app/platform';

/** A secret as stored: encrypted, beside the hint the API shows (the mask and the last 4 characters). */
export interface SealedSecret {
  stored: string;
  shown: string;
}

/** The Cloud API secrets at rest, sealed under WHATSAPP_KEYS_SECRET (SealedBox); an empty one stays empty. */
export class CloudSecretsCipher {
  private readonly box: SealedBox;

  constructor(keysSecret: string) {
    if (!keysSecret || keysSecret.length < 32) throw new Error('WHATSAPP_KEYS_SECRET must be at least 32 characters');
    this.box = new SealedBox(keysSecret, { salt: 'zapdesk-whatsapp', info: 'cloud api secrets at rest' });
  }

  seal(plain: string): SealedSecret {
    return { stored: this.encrypt(plain), shown: maskSecret(plain) };
  }

  /** A secret sent back as the API showed it stays as stored; another value replaces it. */
  keptOrSealed(sent: string, current: SealedSecret | null): SealedSecret {
    return current && current.shown !== '' && sent === current.shown ? current : this.seal(sent);
  }

  encrypt(plain: string): string {
    return plain ? this.box.seal(plain) : '';
  }

  decrypt(stored: string): string {
    return stored ? this.box.open(stored, 'secret') : '';
  }
}
