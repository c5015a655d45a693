import type { OtherOpenTicketError } from '@app/contracts';
import { Box, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useQueues } from '@/api/get-queues';
import { FormField } from '@/components/form/form-field';
import { SearchPicker, useSearchPickerState } from '@/components/form/search-picker';
import { SelectInput } from '@/components/form/select-input';
import { FormModal } from '@/components/ui/form-modal';
import { toastError } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useCreateTicket } from '../api/create-ticket';
import { useTicketConnections } from '../api/get-connections';
import { CONTACT_SEARCH_MIN_LENGTH, useContactSearch } from '../api/search-contacts';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-ticket-filters';
import type { InboxUser } from '../types';
import { newTicketFormSchema, type NewTicketFormValues, readOtherOpenTicket, toCreateTicketBody } from '../utils/new-ticket-form';
import { isInboxAdmin } from '../utils/ticket-actions';
import { ContactOption } from './contact-option';

type NewTicketDialogProps = {
  open: boolean;
  user: InboxUser;
  onClose: () => void;
  /** The created ticket, or the current user's own open ticket of that contact. */
  onOpenTicket: (uuid: string) => void;
};

/** The new-ticket dialog: contact, queue and connection; the open-ticket conflict is explained. */
export function NewTicketDialog({ open, user, onClose, onOpenTicket }: NewTicketDialogProps) {
  const { t } = useTranslation();
  const admin = isInboxAdmin(user);
  const contactSearch = useSearchPickerState();
  const [conflict, setConflict] = useState<OtherOpenTicketError | null>(null);
  const searchText = useDebouncedValue(contactSearch.text, SEARCH_DEBOUNCE_MS);
  const contactsQuery = useContactSearch(searchText);
  const queuesQuery = useQueues({ silent: true });
  const connectionsQuery = useTicketConnections(open);
  const createMutation = useCreateTicket();

  const ownQueueIds = new Set((user.queues ?? []).map((queue) => queue.id));
  const queues = (queuesQuery.data ?? []).filter((queue) => admin || ownQueueIds.has(queue.id));
  const connections = connectionsQuery.data ?? [];
  const defaultConnection = user.whatsappId ?? connections.find((connection) => connection.isDefault)?.id;

  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewTicketFormValues>({
    resolver: zodResolver(newTicketFormSchema(admin)),
    values: {
      contactId: 0,
      queueId: queues.length === 1 ? String(queues[0]!.id) : '',
      whatsappId: defaultConnection ? String(defaultConnection) : '',
    },
    resetOptions: { keepDirtyValues: true },
  });

  function handleClose() {
    reset();
    contactSearch.reset();
    setConflict(null);
    onClose();
  }

  async function handleCreate(values: NewTicketFormValues) {
    try {
      const ticket = await createMutation.mutateAsync(toCreateTicketBody(values, user.id));
      handleClose();
      onOpenTicket(ticket.uuid);
    } catch (error) {
      const other = readOtherOpenTicket(error);
      if (other?.uuid && other.userId === user.id) {
        handleClose();
        onOpenTicket(other.uuid);
      } else if (other) {
        setConflict(other);
      } else {
        toastError(error);
      }
    }
  }

  return (
    <FormModal
      open={open}
      onClose={handleClose}
      title={t('tickets.newTicket.title')}
      onSubmit={handleSubmit(handleCreate)}
      submitting={createMutation.isPending}
      submitLabel={t('tickets.newTicket.submit')}
      testId="new-ticket-dialog"
      submitTestId="new-ticket-submit"
    >
      <Stack gap="4">
        <Controller
          control={control}
          name="contactId"
          render={({ field }) => (
            <FormField label={t('tickets.newTicket.contact')} error={errors.contactId?.message} required>
              <SearchPicker
                state={contactSearch}
                onUnpick={() => field.onChange(0)}
                placeholder={t('tickets.newTicket.contactPlaceholder', { count: CONTACT_SEARCH_MIN_LENGTH })}
                testId="new-ticket-contact"
                options={!contactSearch.picked && searchText.trim().length >= CONTACT_SEARCH_MIN_LENGTH ? (contactsQuery.data ?? []) : null}
                emptyText={contactsQuery.isFetching ? undefined : t('common.noRecords')}
                renderOption={(contact) => <ContactOption name={contact.name} number={contact.number} />}
                onPick={(contact) => {
                  field.onChange(contact.id);
                  return `${contact.name} (${contact.number})`;
                }}
                listTestId="new-ticket-contact-options"
                optionTestId="new-ticket-contact-option"
              />
            </FormField>
          )}
        />
        <FormField label={t('tickets.newTicket.queue')} error={errors.queueId?.message} required={!admin}>
          <SelectInput
            {...register('queueId')}
            emptyOption={t('tickets.newTicket.selectQueue')}
            options={queues}
            data-testid="new-ticket-queue"
          />
        </FormField>
        <FormField label={t('tickets.newTicket.connection')} error={errors.whatsappId?.message} required>
          <SelectInput
            {...register('whatsappId')}
            emptyOption={t('tickets.newTicket.selectConnection')}
            options={connections}
            data-testid="new-ticket-connection"
          />
        </FormField>
        {conflict && (
          <Box borderWidth="1px" borderColor="orange.300" bg="orange.subtle" borderRadius="md" p="3" data-testid="new-ticket-conflict">
            <Text fontSize="sm">
              {t('tickets.newTicket.conflict', {
                userName: conflict.userName ?? t('tickets.chat.unassigned'),
                queueName: conflict.queueName ?? t('tickets.noQueue'),
              })}
            </Text>
          </Box>
        )}
      </Stack>
    </FormModal>
  );
}
