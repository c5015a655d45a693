import { Button, Center, CloseButton, Dialog, Portal, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/components/ui/toaster';
import { useConnection } from '../api/get-connection';
import { useCreateConnection } from '../api/create-connection';
import { useQueues } from '../api/get-queues';
import { useSimulatorEnabled } from '../api/get-simulator-status';
import { useUpdateConnection } from '../api/update-connection';
import {
  EMPTY_CONNECTION_FORM,
  buildConnectionUpdate,
  connectionToFormValues,
  toConnectionPayload,
  type ConnectionFormValues,
} from '../utils/connection-form';
import { CONNECTION_FORM_ID, ConnectionForm } from './connection-form';

type ConnectionModalProps = {
  /** null adds a connection; an id edits that one. */
  connectionId: number | null;
  onClose: () => void;
};

/** Add or edit a connection. An edit sends only what changed, and nothing when nothing did. */
export function ConnectionModal({ connectionId, onClose }: ConnectionModalProps) {
  const { t } = useTranslation();
  const editing = connectionId != null;
  const connectionQuery = useConnection(connectionId);
  const queuesQuery = useQueues();
  const simulatorEnabled = useSimulatorEnabled();
  const createMutation = useCreateConnection();
  const updateMutation = useUpdateConnection();

  const initialValues = editing ? (connectionQuery.data ? connectionToFormValues(connectionQuery.data) : null) : EMPTY_CONNECTION_FORM;
  const saving = createMutation.isPending || updateMutation.isPending;

  /** A failure is toasted by the query client and thrown on to the form, which stays open. */
  async function handleSubmit(values: ConnectionFormValues) {
    if (!editing) {
      await createMutation.mutateAsync(toConnectionPayload(values));
      toastSuccess(t('connections.toasts.created'));
    } else {
      const changes = initialValues ? buildConnectionUpdate(initialValues, values) : null;
      if (changes) {
        await updateMutation.mutateAsync({ id: connectionId, changes });
        toastSuccess(t('connections.toasts.saved'));
      } else {
        toastSuccess(t('connections.toasts.nothingChanged'));
      }
    }
    onClose();
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="connection-modal">
            <Dialog.Header>
              <Dialog.Title>{editing ? t('connections.modal.editTitle') : t('connections.modal.addTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {initialValues ? (
                <ConnectionForm
                  defaultValues={initialValues}
                  queues={queuesQuery.data ?? []}
                  simulatorEnabled={simulatorEnabled}
                  onSubmit={handleSubmit}
                />
              ) : (
                <Center py="8">
                  <Spinner aria-label={t('common.loading')} />
                </Center>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('connections.buttons.cancel')}
              </Button>
              <Button type="submit" form={CONNECTION_FORM_ID} colorPalette="brand" loading={saving} disabled={!initialValues} data-testid="connection-save">
                {t('connections.buttons.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
