import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

import { STORAGE_KEYS } from '@/config/storage-keys';
import ptBR from '@/locales/pt-BR.json';

export const SUPPORTED_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/**
 * The texts of the other languages, each a chunk of its own fetched when that language is chosen
 * (issue 29: /login downloads one language, not three). Portuguese, the default and the fallback
 * of every missing key, is in the first download. A locale file added under src/locales is found here.
 */
const otherLocales = import.meta.glob<ResourceKey>(['../locales/*.json', '!../locales/pt-BR.json'], { import: 'default' });

/** An i18next backend reading the locale chunks above. */
const localeChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = otherLocales[`../locales/${language}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ptBR };
  }
}

export function isSupportedLanguage(value: string | undefined | null): value is Language {
  return SUPPORTED_LANGUAGES.includes(value as Language);
}

/** The supported language closest to `value` ('en-US' -> 'en'), else the default. */
export function toSupportedLanguage(value: string | undefined | null): Language {
  if (isSupportedLanguage(value)) return value;
  const base = value?.split('-')[0];
  return SUPPORTED_LANGUAGES.find((lng) => lng === base || lng.split('-')[0] === base) ?? DEFAULT_LANGUAGE;
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = toSupportedLanguage(lng);
}

i18n.on('languageChanged', syncDocumentLanguage);

/**
 * Settles once the active language's texts are here (at once for Portuguese; after its chunk for
 * another; a chunk that fails to load leaves the Portuguese texts). The app renders after it.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(LanguageDetector)
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LANGUAGE]: { translation: ptBR } },
    partialBundledLanguages: true,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    // Portuguese is the default AND the fallback: the browser's own language is not consulted, only
    // a choice the user made (kept under i18nextLng) or ?lng= in the address.
    fallbackLng: DEFAULT_LANGUAGE,
    detection: {
      order: ['querystring', 'localStorage'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: STORAGE_KEYS.language,
      caches: ['localStorage'],
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });

export function changeLanguage(lng: Language): Promise<unknown> {
  return i18n.changeLanguage(lng);
}

/** The texts of every language loaded (tests render any language without waiting for it). */
export function loadAllLanguages(): Promise<unknown> {
  return i18n.loadLanguages([...SUPPORTED_LANGUAGES]);
}

/** The active language, mapped onto the supported ones. */
export function currentLanguage(): Language {
  return toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export { i18n };
