import { Box, Button, chakra, CloseButton, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toastError } from '@/components/ui/toaster';
import { useTicketConnections } from '../api/get-connections';
import { useQueues } from '../api/get-queues';
import { useUsersList } from '../api/get-users-list';
import { useUpdateTicket } from '../api/update-ticket';
import type { Ticket } from '../types';
import { matchUsers, toTransferBody, transferFormSchema, USER_SEARCH_MIN_LENGTH, type TransferFormValues } from '../utils/transfer-form';

type TransferDialogProps = { ticket: Ticket; open: boolean; onClose: () => void; onTransferred: () => void };

/** Transfers a ticket to a queue, optionally a user and another connection. */
export function TransferDialog({ ticket, open, onClose, onTransferred }: TransferDialogProps) {
  const { t } = useTranslation();
  const queuesQuery = useQueues();
  const usersQuery = useUsersList(open);
  const connectionsQuery = useTicketConnections(open);
  const updateMutation = useUpdateTicket();
  const [userText, setUserText] = useState('');
  const [userName, setUserName] = useState('');

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
    setUserText('');
    setUserName('');
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

  const userOptions = userName ? [] : matchUsers(usersQuery.data ?? [], userText);

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && handleClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="transfer-dialog">
            <form onSubmit={handleSubmit(handleTransfer)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('tickets.transfer.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Controller
                    control={control}
                    name="userId"
                    render={({ field }) => (
                      <Field.Root>
                        <Field.Label>{t('tickets.transfer.user')}</Field.Label>
                        <Input
                          value={userName || userText}
                          onChange={(event) => {
                            setUserName('');
                            field.onChange(null);
                            setUserText(event.target.value);
                          }}
                          placeholder={t('tickets.transfer.userPlaceholder', { count: USER_SEARCH_MIN_LENGTH })}
                          data-testid="transfer-user"
                        />
                        {userOptions.length > 0 && (
                          <Box borderWidth="1px" borderRadius="md" maxH="40" overflowY="auto" w="full">
                            {userOptions.map((option) => (
                              <chakra.button
                                key={option.id}
                                type="button"
                                display="block"
                                w="full"
                                textAlign="start"
                                px="3"
                                py="2"
                                _hover={{ bg: 'bg.muted' }}
                                onClick={() => {
                                  field.onChange(option.id);
                                  setUserName(option.name);
                                }}
                                data-testid="transfer-user-option"
                              >
                                <Text fontSize="sm">{option.name}</Text>
                              </chakra.button>
                            ))}
                          </Box>
                        )}
                      </Field.Root>
                    )}
                  />
                  <Field.Root invalid={!!errors.queueId} required>
                    <Field.Label>{t('tickets.transfer.queue')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register('queueId')} data-testid="transfer-queue">
                        <option value="">{t('tickets.newTicket.selectQueue')}</option>
                        {(queuesQuery.data ?? []).map((queue) => (
                          <option key={queue.id} value={String(queue.id)}>
                            {queue.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {errors.queueId?.message && <Field.ErrorText>{t(errors.queueId.message as 'tickets.transfer.queueRequired')}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('tickets.newTicket.connection')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register('whatsappId')} data-testid="transfer-connection">
                        {(connectionsQuery.data ?? []).map((connection) => (
                          <option key={connection.id} value={String(connection.id)}>
                            {connection.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={handleClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={updateMutation.isPending} data-testid="transfer-submit">
                  {t('tickets.buttons.transfer')}
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
