import { Box, Button, Field, HStack, Image, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUpload } from 'react-icons/lu';

import { toastError, toastSuccess } from '@/components/ui/toaster';

import { useLogos } from '../api/get-logos';
import { FILE_ATTACHED, useUploadLogo } from '../api/upload-logo';
import { LOGO_DESTINATIONS, LOGO_EXTENSIONS, type LogoDestination } from '../types';
import { isAllowedLogoFile } from '../utils/logo-file';

/** The Logo tab (super users): upload the logos and icons of the login, sign-up and inner pages. */
export function LogosUpload() {
  const { t } = useTranslation();
  const logos = useLogos();
  const uploadLogo = useUploadLogo();
  const [destination, setDestination] = useState<LogoDestination | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleDestinationChange(event: ChangeEvent<HTMLSelectElement>) {
    setDestination(event.target.value as LogoDestination | '');
  }

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (chosen && !isAllowedLogoFile(chosen.name)) {
      setFile(null);
      setError(t('logos.validation.fileType'));
      return;
    }
    setError(null);
    setFile(chosen);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(t('logos.validation.fileRequired'));
      return;
    }
    if (!destination) {
      setError(t('logos.validation.destinationRequired'));
      return;
    }
    try {
      const answer = await uploadLogo.mutateAsync({ destination, file });
      if (answer?.mensagem !== FILE_ATTACHED) {
        toastError(t('logos.toasts.uploadError'));
        return;
      }
      toastSuccess(t('logos.toasts.uploaded'));
      setFile(null);
    } catch {
      // The mutation cache shows the error.
    }
  }

  return (
    <Stack gap="6" data-testid="logos-upload">
      <form noValidate onSubmit={handleSubmit}>
        <Stack gap="4" maxW="lg">
          <Field.Root>
            <Field.Label>{t('logos.form.destination')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={destination} onChange={handleDestinationChange} data-testid="logo-destination">
                <option value="">{t('logos.form.chooseDestination')}</option>
                {LOGO_DESTINATIONS.map((item) => (
                  <option key={item} value={item}>
                    {t(`logos.destinations.${item}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!!error}>
            <Field.Label>{t('logos.form.file')}</Field.Label>
            <HStack>
              <Button as="label" variant="outline" cursor="pointer">
                {t('logos.form.chooseFile')}
                <input type="file" hidden accept={LOGO_EXTENSIONS.join(',')} onChange={handleFileChange} data-testid="logo-file" />
              </Button>
              {file && <Text fontSize="sm">{file.name}</Text>}
            </HStack>
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={uploadLogo.isPending} data-testid="logo-submit">
            <LuUpload /> {t('logos.form.upload')}
          </Button>
        </Stack>
      </form>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="4">
        {LOGO_DESTINATIONS.map((item) => {
          const url = logos.data?.[item];
          return (
            <Stack key={item} gap="1" align="center" borderWidth="1px" borderRadius="md" p="3">
              <Box h="16" display="flex" alignItems="center">
                {url ? (
                  <Image src={url} alt={item} maxH="16" maxW="full" />
                ) : (
                  <Text color="fg.muted" fontSize="xs">
                    {t('logos.default')}
                  </Text>
                )}
              </Box>
              <Text fontSize="xs">{t(`logos.destinations.${item}`)}</Text>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
