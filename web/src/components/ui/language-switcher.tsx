import { NativeSelect, useBreakpointValue } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { changeLanguage, isSupportedLanguage, SUPPORTED_LANGUAGES, toSupportedLanguage } from '@/lib/i18n';

/**
 * pt-BR / en / es; the choice is kept by i18next under localStorage `i18nextLng`. `onBrand` is for the
 * coloured top bar: a field of the bar's own colour, outlined, with the bar's text colour (the subtle
 * field's light grey under white text was unreadable, a lighter translucent one 3.7:1), options in
 * the page's own colours.
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
              bg: 'transparent',
              color: 'brand.contrast',
              borderWidth: '1px',
              borderColor: 'whiteAlpha.700',
              _hover: { bg: 'blackAlpha.200' },
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
