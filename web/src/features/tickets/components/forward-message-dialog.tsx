import { Box, Button, chakra, CloseButton, Dialog, Field, Input, Portal, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { useForwardMessages } from '../api/forward-message';
import { CONTACT_SEARCH_MIN_LENGTH, useContactSearch } from '../api/search-contacts';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-ticket-filters';

type ForwardMessageDialogProps = { messageIds: number[]; onClose: () => void };

/** Forwards messages to a contact found by a search of at least 3 characters; signing defaults on. */
export function ForwardMessageDialog({ messageIds, onClose }: ForwardMessageDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [contact, setContact] = useState<{ id: number; name: string } | null>(null);
  const [sign, setSign] = useState(true);
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const contactsQuery = useContactSearch(contact ? '' : search);
  const forwardMutation = useForwardMessages();

  async function handleForward() {
    if (messageIds.length === 0) {
      toastError(t('tickets.forward.noMessages'));
      return;
    }
    if (!contact) return;
    try {
      await forwardMutation.mutateAsync({ messageIds, contactId: contact.id, signMessage: sign });
      toastSuccess(t('tickets.forward.done'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="forward-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('tickets.forward.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root required>
                  <Field.Label>{t('tickets.newTicket.contact')}</Field.Label>
                  <Input
                    value={contact ? contact.name : text}
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
                <Switch.Root checked={sign} onCheckedChange={(details) => setSign(details.checked)}>
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t('tickets.input.signMessage')}</Switch.Label>
                </Switch.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="brand" disabled={!contact} loading={forwardMutation.isPending} onClick={() => void handleForward()} data-testid="forward-submit">
                {t('tickets.messageMenu.forward')}
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
