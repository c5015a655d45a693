import { NativeSelect } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, changeLanguage, isSupportedLanguage, toSupportedLanguage } from '@/lib/i18n';

/** pt-BR / en / es; the choice is kept by i18next under localStorage `i18nextLng`. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);

  function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value;
    if (isSupportedLanguage(next)) void changeLanguage(next);
  }

  return (
    <NativeSelect.Root size="sm" width="auto" variant="subtle">
      <NativeSelect.Field
        aria-label={t('layout.language')}
        title={t('layout.language')}
        data-testid="language-switcher"
        value={current}
        onChange={handleChange}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
