import { Box, Button, chakra, CloseButton, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { OtherOpenTicketError } from '@app/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toastError } from '@/components/ui/toaster';
import { useCreateTicket } from '../api/create-ticket';
import { useTicketConnections } from '../api/get-connections';
import { useQueues } from '../api/get-queues';
import { CONTACT_SEARCH_MIN_LENGTH, useContactSearch } from '../api/search-contacts';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-ticket-filters';
import type { InboxUser } from '../types';
import { newTicketFormSchema, readOtherOpenTicket, toCreateTicketBody, type NewTicketFormValues } from '../utils/new-ticket-form';
import { isInboxAdmin } from '../utils/ticket-actions';

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
  const [contactText, setContactText] = useState('');
  const [contactName, setContactName] = useState('');
  const [conflict, setConflict] = useState<OtherOpenTicketError | null>(null);
  const searchText = useDebouncedValue(contactText, SEARCH_DEBOUNCE_MS);
  const contactsQuery = useContactSearch(searchText);
  const queuesQuery = useQueues();
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
    values: { contactId: 0, queueId: queues.length === 1 ? String(queues[0]!.id) : '', whatsappId: defaultConnection ? String(defaultConnection) : '' },
    resetOptions: { keepDirtyValues: true },
  });

  function handleClose() {
    reset();
    setContactText('');
    setContactName('');
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
      if (other && other.userId === user.id) {
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
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && handleClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="new-ticket-dialog">
            <form onSubmit={handleSubmit(handleCreate)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('tickets.newTicket.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Controller
                    control={control}
                    name="contactId"
                    render={({ field }) => (
                      <Field.Root invalid={!!errors.contactId} required>
                        <Field.Label>{t('tickets.newTicket.contact')}</Field.Label>
                        <Input
                          value={contactName || contactText}
                          onChange={(event) => {
                            setContactName('');
                            field.onChange(0);
                            setContactText(event.target.value);
                          }}
                          placeholder={t('tickets.newTicket.contactPlaceholder', { count: CONTACT_SEARCH_MIN_LENGTH })}
                          data-testid="new-ticket-contact"
                        />
                        {!contactName && searchText.trim().length >= CONTACT_SEARCH_MIN_LENGTH && (
                          <Box borderWidth="1px" borderRadius="md" maxH="48" overflowY="auto" w="full" data-testid="new-ticket-contact-options">
                            {(contactsQuery.data ?? []).length === 0 && !contactsQuery.isFetching && (
                              <Text px="3" py="2" color="fg.muted" fontSize="sm">
                                {t('common.noRecords')}
                              </Text>
                            )}
                            {(contactsQuery.data ?? []).map((contact) => (
                              <chakra.button
                                key={contact.id}
                                type="button"
                                display="block"
                                w="full"
                                textAlign="start"
                                px="3"
                                py="2"
                                _hover={{ bg: 'bg.muted' }}
                                data-testid="new-ticket-contact-option"
                                onClick={() => {
                                  field.onChange(contact.id);
                                  setContactName(`${contact.name} (${contact.number})`);
                                }}
                              >
                                <Text fontSize="sm">
                                  {contact.name} <Text as="span" color="fg.muted">{contact.number}</Text>
                                </Text>
                              </chakra.button>
                            ))}
                          </Box>
                        )}
                        {errors.contactId?.message && <Field.ErrorText>{t(errors.contactId.message as 'tickets.newTicket.contactRequired')}</Field.ErrorText>}
                      </Field.Root>
                    )}
                  />
                  <Field.Root invalid={!!errors.queueId} required={!admin}>
                    <Field.Label>{t('tickets.newTicket.queue')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register('queueId')} data-testid="new-ticket-queue">
                        <option value="">{t('tickets.newTicket.selectQueue')}</option>
                        {queues.map((queue) => (
                          <option key={queue.id} value={String(queue.id)}>
                            {queue.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {errors.queueId?.message && <Field.ErrorText>{t(errors.queueId.message as 'tickets.newTicket.queueRequired')}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root invalid={!!errors.whatsappId} required>
                    <Field.Label>{t('tickets.newTicket.connection')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register('whatsappId')} data-testid="new-ticket-connection">
                        <option value="">{t('tickets.newTicket.selectConnection')}</option>
                        {connections.map((connection) => (
                          <option key={connection.id} value={String(connection.id)}>
                            {connection.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {errors.whatsappId?.message && (
                      <Field.ErrorText>{t(errors.whatsappId.message as 'tickets.newTicket.connectionRequired')}</Field.ErrorText>
                    )}
                  </Field.Root>
                  {conflict && (
                    <Box borderWidth="1px" borderColor="orange.300" bg="orange.subtle" borderRadius="md" p="3" data-testid="new-ticket-conflict">
                      <Text fontSize="sm">
                        {t('tickets.newTicket.conflict', { userName: conflict.userName ?? t('tickets.chat.unassigned'), queueName: conflict.queueName ?? t('tickets.noQueue') })}
                      </Text>
                    </Box>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={handleClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={createMutation.isPending} data-testid="new-ticket-submit">
                  {t('tickets.newTicket.submit')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
