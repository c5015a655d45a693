import { Image } from '@chakra-ui/react';

import { useLogos } from '../api/get-logos';

/** The uploaded inner-pages logo ('interno') at the top of the side menu; nothing while none was uploaded. */
export function InternalLogo() {
  const logos = useLogos();
  const url = logos.data?.interno;
  if (!url) return null;
  return <Image src={url} alt="" maxH="12" maxW="full" objectFit="contain" mx="auto" mb="3" data-testid="logo-interno" />;
}
