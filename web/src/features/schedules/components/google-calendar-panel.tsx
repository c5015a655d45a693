import { Alert, Button, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCalendarSync } from 'react-icons/lu';

/**
 * The external calendar integration, as spec 2 shows it: its options are there but disabled, with
 * 'Funcionalidade do Google Calendar temporariamente desabilitada'. Nothing here calls anywhere: no
 * request leaves the machine, and the backend has no route for it.
 */
export function GoogleCalendarPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="google-calendar-panel">
      <HStack gap="2">
        <LuCalendarSync />
        <Text fontWeight="medium">{t('schedules.google.title')}</Text>
      </HStack>
      <Alert.Root status="warning" size="sm" data-testid="google-calendar-disabled">
        <Alert.Indicator />
        <Alert.Title>{t('schedules.google.disabled')}</Alert.Title>
      </Alert.Root>
      <HStack gap="4" wrap="wrap">
        <Button size="sm" variant="outline" disabled data-testid="google-calendar-connect">
          {t('schedules.google.connect')}
        </Button>
        <Switch.Root size="sm" disabled checked={false} data-testid="google-calendar-sync">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('schedules.google.sync')}</Switch.Label>
        </Switch.Root>
      </HStack>
    </Stack>
  );
}
