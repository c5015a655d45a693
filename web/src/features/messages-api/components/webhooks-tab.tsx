import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpointListItem,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@app/contracts';
import { Badge, Button, Checkbox, Field, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormModal } from '@/components/ui/form-modal';
import { toastError, toastSuccess } from '@/components/ui/toaster';

import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliverWebhook,
  useRotateWebhookSecret,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';

const STATE_PALETTE = { delivered: 'green', pending: 'yellow', dead: 'red' } as const;

function when(value: string): string {
  return new Date(value).toLocaleString();
}

/**
 * The Webhooks tab of /messages-api (issue 26): the company's endpoints (URL, events, active, last
 * delivery), create or rotate (the signing secret shown once, with a copy button), edit, delete after
 * confirming, and one endpoint's delivery log with 'send again'.
 */
export function WebhooksTab() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [rotating, setRotating] = useState<number | null>(null);
  const [editing, setEditing] = useState<WebhookEndpointListItem | 'new' | null>(null);
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointListItem | null>(null);
  const endpoints = webhooks.data?.endpoints ?? [];

  async function copy() {
    if (!created) return;
    await navigator.clipboard.writeText(created.secret);
    toastSuccess(t('messagesApi.tokens.copied'));
  }

  async function confirmDelete() {
    if (deleting === null) return;
    try {
      await remove.mutateAsync(deleting);
      if (created?.id === deleting) setCreated(null);
      if (logOf?.id === deleting) setLogOf(null);
      toastSuccess(t('messagesApi.webhooks.deleted'));
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(null);
    }
  }

  async function confirmRotate() {
    if (rotating === null) return;
    try {
      setCreated(await rotate.mutateAsync(rotating));
    } catch (error) {
      toastError(error);
    } finally {
      setRotating(null);
    }
  }

  return (
    <Stack gap="4" data-testid="webhooks-tab">
      <Text>{t('messagesApi.webhooks.intro')}</Text>
      <HStack>
        <Button colorPalette="brand" onClick={() => setEditing('new')} data-testid="webhook-add">
          {t('messagesApi.webhooks.add')}
        </Button>
      </HStack>
      {created && (
        <Stack gap="2" borderWidth="1px" borderRadius="md" padding="3" data-testid="webhook-created">
          <Text fontWeight="semibold">{t('messagesApi.webhooks.secretShownOnce')}</Text>
          <HStack>
            <Input
              readOnly
              fontFamily="mono"
              value={created.secret}
              aria-label={t('messagesApi.webhooks.secret')}
              data-testid="webhook-secret-value"
            />
            <Button onClick={() => void copy()} data-testid="webhook-secret-copy">
              {t('messagesApi.tokens.copy')}
            </Button>
            <Button variant="ghost" onClick={() => setCreated(null)} data-testid="webhook-secret-dismiss">
              {t('common.close')}
            </Button>
          </HStack>
        </Stack>
      )}
      <Table.Root size="sm" data-testid="webhook-list">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('messagesApi.webhooks.url')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.webhooks.events')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.webhooks.secret')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.webhooks.active')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.webhooks.lastDelivery')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {endpoints.map((endpoint) => (
            <Table.Row key={endpoint.id} data-testid={`webhook-row-${endpoint.id}`}>
              <Table.Cell wordBreak="break-all">
                {endpoint.url}
                {endpoint.description && (
                  <Text fontSize="xs" color="fg.muted">
                    {endpoint.description}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="xs">
                {endpoint.events.join(', ')}
              </Table.Cell>
              <Table.Cell fontFamily="mono">{endpoint.secretPreview}</Table.Cell>
              <Table.Cell>{endpoint.enabled ? t('common.yes') : t('common.no')}</Table.Cell>
              <Table.Cell data-testid="webhook-last-delivery">
                {endpoint.lastDelivery ? (
                  <HStack gap="1">
                    <Badge colorPalette={STATE_PALETTE[endpoint.lastDelivery.state]}>
                      {t(`messagesApi.webhooks.states.${endpoint.lastDelivery.state}`)}
                    </Badge>
                    {endpoint.lastDelivery.status !== null && <Text fontFamily="mono">{endpoint.lastDelivery.status}</Text>}
                  </HStack>
                ) : (
                  <Text color="fg.muted">{t('messagesApi.webhooks.noDelivery')}</Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <HStack justify="end" gap="1">
                  <Button size="xs" variant="outline" onClick={() => setLogOf(endpoint)} data-testid="webhook-log">
                    {t('messagesApi.webhooks.deliveries')}
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => setRotating(endpoint.id)} data-testid="webhook-rotate">
                    {t('messagesApi.webhooks.rotate')}
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => setEditing(endpoint)} data-testid="webhook-edit">
                    {t('common.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setDeleting(endpoint.id)}
                    data-testid="webhook-delete"
                  >
                    {t('common.delete')}
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {webhooks.data?.endpoints.length === 0 && <Text color="fg.muted">{t('common.noRecords')}</Text>}
      {logOf && <DeliveryLog endpoint={logOf} />}
      {editing !== null && (
        <WebhookModal
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(endpoint) => setCreated(endpoint)}
        />
      )}
      <ConfirmDialog
        open={rotating !== null}
        title={t('messagesApi.webhooks.rotateTitle')}
        message={t('messagesApi.webhooks.rotateMessage')}
        confirmLabel={t('messagesApi.webhooks.rotate')}
        loading={rotate.isPending}
        onConfirm={() => void confirmRotate()}
        onClose={() => setRotating(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('messagesApi.webhooks.deleteTitle')}
        message={t('messagesApi.webhooks.deleteMessage')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** Create or edit an endpoint: its URL, the events it takes (at least one), a description, whether it is active. */
function WebhookModal({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpointListItem | null;
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const complete = url.trim() !== '' && events.length > 0;

  function toggle(event: WebhookEventType, checked: boolean) {
    // Kept in the contract's order, whatever order they were ticked in.
    setEvents((current) => WEBHOOK_EVENT_TYPES.filter((one) => (one === event ? checked : current.includes(one))));
  }

  async function save(submitted: FormEvent) {
    submitted.preventDefault();
    if (!complete) return;
    const body = { url: url.trim(), events, description: description.trim(), enabled };
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body });
        toastSuccess(t('messagesApi.webhooks.saved'));
      } else {
        onCreated(await create.mutateAsync(body));
      }
      onClose();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <FormModal
      open
      size="lg"
      onClose={onClose}
      title={endpoint ? t('messagesApi.webhooks.editTitle') : t('messagesApi.webhooks.addTitle')}
      onSubmit={(submitted) => void save(submitted)}
      submitting={create.isPending || update.isPending}
      submitLabel={endpoint ? t('common.save') : t('common.add')}
      submitDisabled={!complete}
      testId="webhook-modal"
      submitTestId="webhook-save"
    >
      <Stack gap="4">
        <Field.Root required>
          <Field.Label>{t('messagesApi.webhooks.url')}</Field.Label>
          <Input
            type="url"
            value={url}
            onChange={(changed) => setUrl(changed.target.value)}
            placeholder="https://erp.example.com/webhooks/zapdesk"
            maxLength={WEBHOOK_URL_MAX}
            data-testid="webhook-url"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('messagesApi.webhooks.description')}</Field.Label>
          <Input
            value={description}
            onChange={(changed) => setDescription(changed.target.value)}
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            data-testid="webhook-description"
          />
        </Field.Root>
        <Stack gap="2" role="group" aria-label={t('messagesApi.webhooks.events')}>
          <Text fontWeight="medium">{t('messagesApi.webhooks.events')}</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <Checkbox.Root
                key={event}
                checked={events.includes(event)}
                onCheckedChange={(details) => toggle(event, details.checked === true)}
                data-testid={`webhook-event-${event}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Text as="span" fontFamily="mono" fontSize="sm">
                    {event}
                  </Text>{' '}
                  <Text as="span" fontSize="xs" color="fg.muted">
                    {t(`messagesApi.webhooks.eventDescriptions.${event}`)}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        </Stack>
        {endpoint && (
          <Checkbox.Root
            checked={enabled}
            onCheckedChange={(details) => setEnabled(details.checked === true)}
            data-testid="webhook-enabled"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('messagesApi.webhooks.active')}</Checkbox.Label>
          </Checkbox.Root>
        )}
      </Stack>
    </FormModal>
  );
}

/** One endpoint's newest deliveries: when, the event, the receiver's status code and the attempts, with 'send again'. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointListItem }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(endpoint.id);
  const redeliver = useRedeliverWebhook();

  async function resend(id: number) {
    try {
      await redeliver.mutateAsync(id);
      await deliveries.refetch();
      toastSuccess(t('messagesApi.webhooks.resent'));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Stack gap="2" data-testid="webhook-deliveries">
      <Heading as="h3" size="sm" wordBreak="break-all">
        {t('messagesApi.webhooks.deliveriesOf', { url: endpoint.url })}
      </Heading>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('messagesApi.webhooks.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.webhooks.event')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.webhooks.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.webhooks.statusCode')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('messagesApi.webhooks.attempts')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(deliveries.data?.deliveries ?? []).map((delivery) => (
            <Table.Row key={delivery.id} data-testid={`webhook-delivery-${delivery.id}`}>
              <Table.Cell>{when(delivery.createdAt)}</Table.Cell>
              <Table.Cell fontFamily="mono">{delivery.eventType}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATE_PALETTE[delivery.state]} title={delivery.lastError ?? undefined}>
                  {t(`messagesApi.webhooks.states.${delivery.state}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell fontFamily="mono">{delivery.lastStatus ?? '—'}</Table.Cell>
              <Table.Cell>{delivery.attempts}</Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="xs"
                  variant="outline"
                  disabled={delivery.state === 'pending'}
                  loading={redeliver.isPending && redeliver.variables === delivery.id}
                  onClick={() => void resend(delivery.id)}
                  data-testid="webhook-resend"
                >
                  {t('messagesApi.webhooks.resend')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {deliveries.data?.deliveries.length === 0 && <Text color="fg.muted">{t('messagesApi.webhooks.noDeliveries')}</Text>}
    </Stack>
  );
}
