import { NativeSelect, useBreakpointValue } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { changeLanguage, isSupportedLanguage, SUPPORTED_LANGUAGES, toSupportedLanguage } from '@/lib/i18n';

/**
 * pt-BR / en / es; the choice is kept by i18next under localStorage `i18nextLng`. `onBrand` is for the
 * coloured top bar: a translucent field with the bar's text colour (the subtle field's light grey
 * under the bar's white text was unreadable), options in the page's own colours.
 */
export function LanguageSwitcher({ onBrand = false }: { onBrand?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  // Narrow screens show the short name ('PT'), which fits beside the other controls unclipped.
  const short = useBreakpointValue({ base: true, md: false }) ?? false;

  function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value;
    if (isSupportedLanguage(next)) void changeLanguage(next);
  }

  return (
    <NativeSelect.Root size="sm" width="auto" flexShrink={0} variant="subtle">
      <NativeSelect.Field
        aria-label={t('layout.language')}
        title={t('layout.language')}
        data-testid="language-switcher"
        {...(onBrand
          ? {
              bg: 'whiteAlpha.200',
              color: 'brand.contrast',
              _hover: { bg: 'whiteAlpha.300' },
              css: { '& option': { color: 'fg', background: 'bg' } },
            }
          : {})}
        value={current}
        onChange={handleChange}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {short ? t(`languagesShort.${lng}`) : t(`languages.${lng}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator {...(onBrand ? { color: 'brand.contrast' } : {})} />
    </NativeSelect.Root>
  );
}
