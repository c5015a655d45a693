import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useQueues } from '@/api/get-queues';
import { FormModal } from '@/components/ui/form-modal';
import { toastSuccess } from '@/components/ui/toaster';

import { useCreateConnection } from '../api/create-connection';
import { useCloudAccount } from '../api/get-cloud-account';
import { useConnection } from '../api/get-connection';
import { useSimulatorEnabled } from '../api/get-simulator-status';
import { useUpdateConnection } from '../api/update-connection';
import {
  buildConnectionUpdate,
  type ConnectionFormValues,
  connectionToFormValues,
  EMPTY_CONNECTION_FORM,
  toConnectionPayload,
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
  const queuesQuery = useQueues({ silent: true });
  const simulatorEnabled = useSimulatorEnabled();
  const createMutation = useCreateConnection();
  const updateMutation = useUpdateConnection();

  const isCloud = connectionQuery.data?.provider === 'cloud';
  const cloudQuery = useCloudAccount(editing && isCloud ? connectionId : null);
  const loaded = connectionQuery.data && (!isCloud || cloudQuery.data);
  const initialValues = editing ? (loaded ? connectionToFormValues(connectionQuery.data!, cloudQuery.data) : null) : EMPTY_CONNECTION_FORM;
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
    <FormModal
      open
      onClose={onClose}
      title={editing ? t('connections.modal.editTitle') : t('connections.modal.addTitle')}
      formId={CONNECTION_FORM_ID}
      cancelLabel={t('connections.buttons.cancel')}
      submitting={saving}
      submitDisabled={!initialValues}
      submitLabel={t('connections.buttons.save')}
      testId="connection-modal"
      submitTestId="connection-save"
      scrollBehavior="inside"
      size="lg"
      placement="top"
    >
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
    </FormModal>
  );
}
