import type { PartnerScheduleList } from '@app/contracts';
import { Button, Heading, Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError, toastSuccess } from '@/components/ui/toaster';

import { listSchedulesSample, scheduleSample } from '../api/send-sample';
import { CurlBlock, SampleNumberInput, SampleTokenInput } from './sample-fields';

const curlText = (base: string) => `curl -X POST ${base}/messages/schedules \\
  -H "Authorization: Bearer zdk_..." \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: lembrete-123" \\
  -d '{"number": "5511999998888", "body": "Lembrete da sua consulta", "sendAt": "2026-12-01T14:30"}'`;

type ScheduleListProps = { schedules: PartnerScheduleList['schedules'] };

function ScheduleList({ schedules }: ScheduleListProps) {
  const { t, i18n } = useTranslation();
  if (schedules.length === 0) return <Text data-testid="sample-schedules-empty">{t('messagesApi.schedules.empty')}</Text>;
  return (
    <Table.Root size="sm" data-testid="sample-schedules-result">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>id</Table.ColumnHeader>
          <Table.ColumnHeader>{t('messagesApi.sample.number')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('messagesApi.schedules.sendAt')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('messagesApi.schedules.status')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {schedules.map((schedule) => (
          <Table.Row key={schedule.id}>
            <Table.Cell>{schedule.id}</Table.Cell>
            <Table.Cell>{schedule.contact?.number ?? schedule.contactId}</Table.Cell>
            <Table.Cell>{new Date(schedule.sendAt).toLocaleString(i18n.language)}</Table.Cell>
            <Table.Cell>{schedule.status}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** The Agendamentos tab of /messages-api: POST and GET /api/messages/schedules documented, with live samples. */
export function SchedulesTab({ base, token: initialToken }: { base: string; token: string }) {
  const { t } = useTranslation();
  const [token, setToken] = useState(initialToken);
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const [sendAt, setSendAt] = useState('');
  const [scheduling, setScheduling] = useState(false);
  const [listing, setListing] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [schedules, setSchedules] = useState<PartnerScheduleList['schedules'] | null>(null);
  const ready = token.trim() && number.trim() && body.trim() && sendAt;

  async function handleSchedule(event: FormEvent) {
    event.preventDefault();
    setScheduling(true);
    try {
      const answer = await scheduleSample(token, { number, body, sendAt });
      setResult(JSON.stringify(answer, null, 2));
      toastSuccess(t('messagesApi.schedules.scheduled'));
    } catch (error) {
      toastError(error);
    } finally {
      setScheduling(false);
    }
  }

  async function handleList() {
    setListing(true);
    try {
      setSchedules((await listSchedulesSample(token, number)).schedules);
    } catch (error) {
      toastError(error);
    } finally {
      setListing(false);
    }
  }

  return (
    <Stack gap="4">
      <Text>{t('messagesApi.schedules.intro')}</Text>
      <CurlBlock>{curlText(base)}</CurlBlock>
      <Text>{t('messagesApi.schedules.list')}</Text>
      <Text>{t('messagesApi.schedules.contacts')}</Text>
      <form onSubmit={(event) => void handleSchedule(event)} data-testid="sample-schedule-form">
        <Stack gap="3">
          <Heading as="h2" size="md">
            {t('messagesApi.schedules.sampleTitle')}
          </Heading>
          <SampleTokenInput value={token} onChange={setToken} testId="sample-schedule-token" />
          <SampleNumberInput value={number} onChange={setNumber} testId="sample-schedule-number" />
          <Textarea
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-label={t('messagesApi.sample.body')}
            placeholder={t('messagesApi.sample.body')}
            data-testid="sample-schedule-body"
          />
          <Input
            type="datetime-local"
            value={sendAt}
            onChange={(event) => setSendAt(event.target.value)}
            aria-label={t('messagesApi.schedules.sendAt')}
            data-testid="sample-schedule-send-at"
          />
          <Stack direction="row" gap="2">
            <Button type="submit" disabled={!ready} loading={scheduling} data-testid="sample-schedule-send">
              {t('messagesApi.schedules.schedule')}
            </Button>
            <Button
              variant="outline"
              disabled={!token.trim()}
              loading={listing}
              onClick={() => void handleList()}
              data-testid="sample-schedules-list"
            >
              {t('messagesApi.schedules.listButton')}
            </Button>
          </Stack>
          {result && (
            <Text as="pre" fontSize="xs" whiteSpace="pre-wrap" data-testid="sample-schedule-result">
              {result}
            </Text>
          )}
        </Stack>
      </form>
      {schedules && <ScheduleList schedules={schedules} />}
    </Stack>
  );
}
