import type * as Baileys from '@whiskeysockets/baileys';

/** The parts of Baileys' runtime this service uses; loaded lazily because the package is ESM-only. */
export type BaileysLib = Pick<
  typeof Baileys,
  'initAuthCreds' | 'BufferJSON' | 'proto' | 'makeCacheableSignalKeyStore' | 'downloadMediaMessage' | 'Browsers' | 'fetchLatestWaWebVersion'
> & { makeWASocket: typeof Baileys.makeWASocket };

let loading: Promise<BaileysLib> | undefined;

/** Node's require of ES modules loads it in the CommonJS build; jest's CommonJS loader cannot (see BAILEYS.md). */
export function loadBaileys(): Promise<BaileysLib> {
  loading ??= import('@whiskeysockets/baileys').then((module) => ({
    ...module,
    makeWASocket: module.makeWASocket ?? module.default,
  }));
  return loading;
}
