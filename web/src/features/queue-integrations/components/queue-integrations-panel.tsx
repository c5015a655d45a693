import { QUEUE_INTEGRATION_DEFAULTS, type QueueIntegration, type QueueIntegrationType } from '@app/contracts';
import { Badge, Button, Card, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useQueueIntegrations } from '@/api/get-queue-integrations';
import { useQueues } from '@/api/get-queues';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError, toastSuccess } from '@/components/ui/toaster';

import { useDeleteIntegration } from '../api/queue-integrations';
import { INTEGRATION_TYPES } from '../utils/integration-form';
import { IntegrationModal } from './integration-modal';

type QueueIntegrationsPanelProps = {
  companyId: number;
  /** The plan's queue maximum reached: creating is blocked (each integration makes a queue). */
  limitReached: boolean;
  /** The header's new button asked for the inline form. */
  showNewForm: boolean;
  onNewFormClose: () => void;
};

/**
 * The integration cards (spec 3: type chip, description by type, Edit and Delete), the inline new form
 * (type, default typebot, and name; Criar disabled without both, then the modal for the type's fields)
 * and the delete confirmation that says how many queues go with it.
 */
export function QueueIntegrationsPanel({ companyId, limitReached, showNewForm, onNewFormClose }: QueueIntegrationsPanelProps) {
  const { t } = useTranslation();
  const integrations = useQueueIntegrations(companyId);
  const queues = useQueues({ silent: true });
  const remove = useDeleteIntegration();
  const [newType, setNewType] = useState<QueueIntegrationType>(QUEUE_INTEGRATION_DEFAULTS.type);
  const [newName, setNewName] = useState('');
  const [editing, setEditing] = useState<{
    integration: QueueIntegration | null;
    start?: { type: QueueIntegrationType; name: string };
  } | null>(null);
  const [deleting, setDeleting] = useState<QueueIntegration | null>(null);
  const list = integrations.data ?? [];
  const queueCount = (id: number) => (queues.data ?? []).filter((queue) => queue.integrationId === id).length;

  function handleCreate() {
    setEditing({ integration: null, start: { type: newType, name: newName.trim() } });
    setNewName('');
    setNewType(QUEUE_INTEGRATION_DEFAULTS.type);
    onNewFormClose();
  }

  async function handleDelete() {
    if (!deleting) return;
    try {
      const removed = await remove.mutateAsync(deleting.id);
      toastSuccess(t('integrations.deleted', { count: removed }));
      setDeleting(null);
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Stack gap="4" data-testid="integrations-panel">
      {showNewForm && (
        <Card.Root data-testid="integration-new-form">
          <Card.Body>
            <HStack align="end" gap="3" wrap="wrap">
              <Field.Root maxW="xs">
                <Field.Label>{t('integrations.fields.type')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={newType}
                    onChange={(event) => setNewType(event.target.value as QueueIntegrationType)}
                    data-testid="integration-new-type"
                  >
                    {INTEGRATION_TYPES.map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root maxW="sm">
                <Field.Label>{t('integrations.fields.name')}</Field.Label>
                <Input value={newName} onChange={(event) => setNewName(event.target.value)} data-testid="integration-new-name" />
              </Field.Root>
              <Button
                colorPalette="blue"
                disabled={!newType || !newName.trim() || limitReached}
                onClick={handleCreate}
                data-testid="integration-new-create"
              >
                {t('integrations.create')}
              </Button>
              <Button variant="ghost" onClick={onNewFormClose}>
                {t('common.cancel')}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      )}
      {integrations.isLoading ? (
        <Spinner />
      ) : list.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center" data-testid="integrations-empty">
          {t('integrations.empty')}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {list.map((integration) => (
            <Card.Root key={integration.id} data-testid={`integration-card-${integration.id}`}>
              <Card.Body gap="2">
                <HStack justify="space-between">
                  <Heading as="h2" size="md">
                    {integration.name}
                  </Heading>
                  <Badge colorPalette="purple">{integration.type}</Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {t(`integrations.descriptions.${integration.type}`)}
                </Text>
              </Card.Body>
              <Card.Footer gap="2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setEditing({ integration })}
                  data-testid={`integration-edit-${integration.id}`}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setDeleting(integration)}
                  data-testid={`integration-delete-${integration.id}`}
                >
                  {t('common.delete')}
                </Button>
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      {editing && (
        <IntegrationModal
          key={editing.integration?.id ?? 'new'}
          integration={editing.integration}
          start={editing.start}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('integrations.deleteTitle')}
        message={t('integrations.deleteMessage', { name: deleting?.name ?? '', count: deleting ? queueCount(deleting.id) : 0 })}
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
        confirmTestId="integration-delete-confirm"
      />
    </Stack>
  );
}
