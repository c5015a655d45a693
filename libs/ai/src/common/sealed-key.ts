import { maskSecret } from '@app/contracts';

import type { KeyCipher } from './key-cipher';

/** A key as stored: encrypted, beside the form the API shows (the mask and the last 4 characters). */
export interface SealedKey {
  stored: string;
  shown: string;
}

export const sealKey = (cipher: KeyCipher, plain: string): SealedKey => ({ stored: cipher.encrypt(plain), shown: maskSecret(plain) });

/** A key left out, or sent back as the API showed it, stays as stored; another value replaces it. */
export const keptOrSealedKey = (cipher: KeyCipher, sent: string | undefined, current: SealedKey): SealedKey =>
  sent === undefined || (current.shown !== '' && sent === current.shown) ? current : sealKey(cipher, sent);
