import { Box, Heading, Image } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useLogos } from '../api/get-logos';
import type { LogoDestination } from '../types';

type PublicLogoProps = {
  destination: LogoDestination;
};

/** The uploaded logo for this page; the product name while none was uploaded. */
export function PublicLogo({ destination }: PublicLogoProps) {
  const { t } = useTranslation();
  const logos = useLogos();
  const [broken, setBroken] = useState(false);
  const url = logos.data?.[destination];

  function handleError() {
    setBroken(true);
  }

  if (logos.isPending) return <Box h="16" />;
  if (!url || broken) {
    return (
      <Heading as="p" size="3xl" color="brand.fg" data-testid="public-logo-text">
        {t('app.name')}
      </Heading>
    );
  }
  return (
    <Image
      src={url}
      alt={t('app.name')}
      maxH="24"
      maxW="xs"
      objectFit="contain"
      onError={handleError}
      data-testid={`logo-${destination}`}
    />
  );
}
