import type { PartnerAgendaServices, PartnerSlots } from '@app/contracts';
import { Button, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError, toastSuccess } from '@/components/ui/toaster';

import { agendaServicesSample, agendaSlotsSample, bookSample } from '../api/send-sample';
import { CurlBlock, SampleNumberInput, SampleTokenInput } from './sample-fields';

const curlText = (base: string) => `curl ${base}/messages/agenda/services -H "Authorization: Bearer zdk_..."
curl "${base}/messages/agenda/slots?serviceId=1&fromDay=2026-12-01" -H "Authorization: Bearer zdk_..."
curl -X POST ${base}/messages/agenda/appointments \\
  -H "Authorization: Bearer zdk_..." \\
  -H "Content-Type: application/json" \\
  -d '{"number": "5511999998888", "serviceId": 1, "start": "2026-12-01T14:30"}'`;

/**
 * The Agenda Externa tab of /messages-api: the company's services, their free times and a booking,
 * documented, with a live sample that walks the three calls in order.
 */
export function AgendaTab({ base, token: initialToken }: { base: string; token: string }) {
  const { t } = useTranslation();
  const [token, setToken] = useState(initialToken);
  const [services, setServices] = useState<PartnerAgendaServices | null>(null);
  const [serviceId, setServiceId] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [slots, setSlots] = useState<PartnerSlots | null>(null);
  const [start, setStart] = useState('');
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState<'services' | 'slots' | 'book' | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const chosenService = serviceId ? Number(serviceId) : null;

  async function run(step: 'services' | 'slots' | 'book', work: () => Promise<void>) {
    setBusy(step);
    try {
      await work();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  }

  function handleServices(event: FormEvent) {
    event.preventDefault();
    void run('services', async () => {
      const answer = await agendaServicesSample(token);
      setServices(answer);
      setServiceId(answer.services[0] ? String(answer.services[0].id) : '');
      setSlots(null);
      setStart('');
    });
  }

  function handleSlots() {
    void run('slots', async () => {
      setSlots(await agendaSlotsSample(token, { serviceId: chosenService, fromDay }));
      setStart('');
    });
  }

  function handleBook() {
    void run('book', async () => {
      const answer = await bookSample(token, { number, serviceId: chosenService, start });
      setResult(JSON.stringify(answer, null, 2));
      toastSuccess(t('messagesApi.agenda.booked'));
    });
  }

  return (
    <Stack gap="4">
      <Text>{t('messagesApi.agenda.intro')}</Text>
      <CurlBlock>{curlText(base)}</CurlBlock>
      <Text>{t('messagesApi.agenda.rules')}</Text>
      <form onSubmit={handleServices} data-testid="sample-agenda-form">
        <Stack gap="3">
          <Heading as="h2" size="md">
            {t('messagesApi.agenda.sampleTitle')}
          </Heading>
          <SampleTokenInput value={token} onChange={setToken} testId="sample-agenda-token" />
          <Button
            type="submit"
            disabled={!token.trim()}
            loading={busy === 'services'}
            alignSelf="start"
            data-testid="sample-agenda-services"
          >
            {t('messagesApi.agenda.listServices')}
          </Button>
        </Stack>
      </form>
      {services && (
        <Stack gap="3" data-testid="sample-agenda-step-slots">
          {services.services.length === 0 && <Text data-testid="sample-agenda-no-services">{t('messagesApi.agenda.noServices')}</Text>}
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              aria-label={t('messagesApi.agenda.service')}
              value={serviceId}
              onChange={(event) => setServiceId(event.target.value)}
              data-testid="sample-agenda-service"
            >
              <option value="">{t('messagesApi.agenda.noService')}</option>
              {services.services.map((service) => (
                <option key={service.id} value={service.id}>
                  {`${service.name} (${service.duration} min)`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Input
            type="date"
            value={fromDay}
            onChange={(event) => setFromDay(event.target.value)}
            aria-label={t('messagesApi.agenda.fromDay')}
            data-testid="sample-agenda-from-day"
          />
          <Button variant="outline" alignSelf="start" loading={busy === 'slots'} onClick={handleSlots} data-testid="sample-agenda-slots">
            {t('messagesApi.agenda.findSlots')}
          </Button>
        </Stack>
      )}
      {slots && (
        <Stack gap="3" data-testid="sample-agenda-step-book">
          <Text>{t('messagesApi.agenda.timeZone', { zone: slots.timeZone })}</Text>
          {slots.slots.length === 0 ? (
            <Text data-testid="sample-agenda-no-slots">{t('messagesApi.agenda.noSlots')}</Text>
          ) : (
            <Flex wrap="wrap" gap="2" role="group" aria-label={t('messagesApi.agenda.slots')}>
              {slots.slots.map((slot) => (
                <Button
                  key={slot.start}
                  size="xs"
                  variant={slot.start === start ? 'solid' : 'outline'}
                  aria-pressed={slot.start === start}
                  onClick={() => setStart(slot.start)}
                  data-testid="sample-agenda-slot"
                >
                  {slot.start.replace('T', ' ')}
                </Button>
              ))}
            </Flex>
          )}
          <SampleNumberInput value={number} onChange={setNumber} testId="sample-agenda-number" />
          <Button
            alignSelf="start"
            disabled={!start || !number.trim()}
            loading={busy === 'book'}
            onClick={handleBook}
            data-testid="sample-agenda-book"
          >
            {t('messagesApi.agenda.book')}
          </Button>
        </Stack>
      )}
      {result && (
        <Text as="pre" fontSize="xs" whiteSpace="pre-wrap" data-testid="sample-agenda-result">
          {result}
        </Text>
      )}
    </Stack>
  );
}
