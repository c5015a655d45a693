import { Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useQueues } from '@/api/get-queues';
import { FormField } from '@/components/form/form-field';
import { SearchPicker, useSearchPickerState } from '@/components/form/search-picker';
import { SelectInput } from '@/components/form/select-input';
import { FormModal } from '@/components/ui/form-modal';
import { toastError } from '@/components/ui/toaster';

import { useTicketConnections } from '../api/get-connections';
import { useUsersList } from '../api/get-users-list';
import { useUpdateTicket } from '../api/update-ticket';
import type { Ticket } from '../types';
import { matchUsers, toTransferBody, transferFormSchema, type TransferFormValues, USER_SEARCH_MIN_LENGTH } from '../utils/transfer-form';

type TransferDialogProps = { ticket: Ticket; open: boolean; onClose: () => void; onTransferred: () => void };

/** Transfers a ticket to a queue, optionally a user and another connection. */
export function TransferDialog({ ticket, open, onClose, onTransferred }: TransferDialogProps) {
  const { t } = useTranslation();
  const queuesQuery = useQueues({ silent: true });
  const usersQuery = useUsersList(open);
  const connectionsQuery = useTicketConnections(open);
  const updateMutation = useUpdateTicket();
  const userSearch = useSearchPickerState();

  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TransferFormValues>({
    resolver: zodResolver(transferFormSchema),
    defaultValues: { queueId: '', whatsappId: String(ticket.whatsappId), userId: null },
  });

  function handleClose() {
    reset();
    userSearch.reset();
    onClose();
  }

  async function handleTransfer(values: TransferFormValues) {
    try {
      await updateMutation.mutateAsync({ id: ticket.id, changes: toTransferBody(values) });
      handleClose();
      onTransferred();
    } catch (error) {
      toastError(error);
    }
  }

  const userOptions = userSearch.picked ? [] : matchUsers(usersQuery.data ?? [], userSearch.text);

  return (
    <FormModal
      open={open}
      onClose={handleClose}
      title={t('tickets.transfer.title')}
      onSubmit={handleSubmit(handleTransfer)}
      submitting={updateMutation.isPending}
      submitLabel={t('tickets.buttons.transfer')}
      testId="transfer-dialog"
      submitTestId="transfer-submit"
    >
      <Stack gap="4">
        <Controller
          control={control}
          name="userId"
          render={({ field }) => (
            <FormField label={t('tickets.transfer.user')}>
              <SearchPicker
                state={userSearch}
                onUnpick={() => field.onChange(null)}
                placeholder={t('tickets.transfer.userPlaceholder', { count: USER_SEARCH_MIN_LENGTH })}
                testId="transfer-user"
                options={userOptions.length > 0 ? userOptions : null}
                renderOption={(option) => option.name}
                onPick={(option) => {
                  field.onChange(option.id);
                  return option.name;
                }}
                optionTestId="transfer-user-option"
                maxH="40"
              />
            </FormField>
          )}
        />
        <FormField label={t('tickets.transfer.queue')} error={errors.queueId?.message} required>
          <SelectInput
            {...register('queueId')}
            emptyOption={t('tickets.newTicket.selectQueue')}
            options={queuesQuery.data}
            data-testid="transfer-queue"
          />
        </FormField>
        <FormField label={t('tickets.newTicket.connection')}>
          <SelectInput {...register('whatsappId')} options={connectionsQuery.data} data-testid="transfer-connection" />
        </FormField>
      </Stack>
    </FormModal>
  );
}
