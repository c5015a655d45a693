import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

import { STORAGE_KEYS } from '@/config/storage-keys';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import ptBR from '@/locales/pt-BR.json';

export const SUPPORTED_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

export const resources = {
  'pt-BR': { translation: ptBR },
  en: { translation: en },
  es: { translation: es },
} as const;

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

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
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

/** The active language, mapped onto the supported ones. */
export function currentLanguage(): Language {
  return toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export { i18n };
