import { Box, Button, chakra, CloseButton, Dialog, Field, Input, Portal, Progress, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toaster, TOAST_DURATION_MS, toastError, toastSuccess } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { type ForwardProgress, useForwardMessages } from '../api/forward-message';
import { CONTACT_SEARCH_MIN_LENGTH, useContactSearch } from '../api/search-contacts';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-ticket-filters';

type ForwardMessageDialogProps = {
  /** The messages to forward, in the order they go out (oldest first). */
  messageIds: number[];
  /** After a forward: the ids that failed (empty when all went out). */
  onForwarded: (failedIds: number[]) => void;
  onClose: () => void;
};

/**
 * Forwards the selected messages to a contact found by a search of at least 3 characters; signing
 * defaults on. They go out one at a time, 900 ms apart, with a progress bar; failures are reported.
 */
export function ForwardMessageDialog({ messageIds, onForwarded, onClose }: ForwardMessageDialogProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [contact, setContact] = useState<{ id: number; name: string } | null>(null);
  const [sign, setSign] = useState(true);
  const [progress, setProgress] = useState<ForwardProgress | null>(null);
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const contactsQuery = useContactSearch(contact ? '' : search);
  const forwardMutation = useForwardMessages();
  const busy = forwardMutation.isPending;

  async function handleForward() {
    if (messageIds.length === 0) {
      toastError(t('tickets.forward.noMessages'));
      return;
    }
    if (!contact || busy) return;
    setProgress({ done: 0, total: messageIds.length });
    try {
      const result = await forwardMutation.mutateAsync({ messageIds, contactId: contact.id, signMessage: sign, onProgress: setProgress });
      if (result.failed.length === 0) {
        toastSuccess(messageIds.length === 1 ? t('tickets.forward.done') : t('tickets.forward.doneCount', { count: messageIds.length }));
      } else {
        toaster.create({
          type: 'error',
          title: t('tickets.forward.failed', { failed: result.failed.length, total: messageIds.length }),
          description: getErrorMessage(result.failed[0]!.error, i18n),
          duration: TOAST_DURATION_MS,
          closable: true,
        });
      }
      onForwarded(result.failed.map((failure) => failure.messageId));
    } catch (error) {
      toastError(error);
    } finally {
      setProgress(null);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && !busy && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="forward-dialog">
            <Dialog.Header>
              <Dialog.Title>{messageIds.length > 1 ? t('tickets.forward.titleCount', { count: messageIds.length }) : t('tickets.forward.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root required>
                  <Field.Label>{t('tickets.newTicket.contact')}</Field.Label>
                  <Input
                    value={contact ? contact.name : text}
                    disabled={busy}
                    onChange={(event) => {
                      setContact(null);
                      setText(event.target.value);
                    }}
                    placeholder={t('tickets.newTicket.contactPlaceholder', { count: CONTACT_SEARCH_MIN_LENGTH })}
                    data-testid="forward-contact"
                  />
                  {!contact && search.trim().length >= CONTACT_SEARCH_MIN_LENGTH && (
                    <Box borderWidth="1px" borderRadius="md" maxH="48" overflowY="auto" w="full">
                      {(contactsQuery.data ?? []).map((option) => (
                        <chakra.button
                          key={option.id}
                          type="button"
                          display="block"
                          w="full"
                          textAlign="start"
                          px="3"
                          py="2"
                          _hover={{ bg: 'bg.muted' }}
                          onClick={() => setContact({ id: option.id, name: option.name })}
                          data-testid="forward-contact-option"
                        >
                          <Text fontSize="sm">
                            {option.name} <Text as="span" color="fg.muted">{option.number}</Text>
                          </Text>
                        </chakra.button>
                      ))}
                    </Box>
                  )}
                </Field.Root>
                <Switch.Root checked={sign} disabled={busy} onCheckedChange={(details) => setSign(details.checked)}>
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t('tickets.input.signMessage')}</Switch.Label>
                </Switch.Root>
                {progress && (
                  <Stack gap="1" data-testid="forward-progress">
                    <Text fontSize="sm" color="fg.muted">
                      {t('tickets.forward.progress', { done: progress.done, total: progress.total })}
                    </Text>
                    <Progress.Root size="xs" value={Math.round((progress.done / progress.total) * 100)}>
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="brand" disabled={!contact} loading={forwardMutation.isPending} onClick={() => void handleForward()} data-testid="forward-submit">
                {t('tickets.messageMenu.forward')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
