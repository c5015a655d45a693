import { Progress, Stack, Switch, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormField } from '@/components/form/form-field';
import { SearchPicker, useSearchPickerState } from '@/components/form/search-picker';
import { FormModal } from '@/components/ui/form-modal';
import { TOAST_DURATION_MS, toaster, toastError, toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getErrorMessage } from '@/lib/errors';

import { type ForwardProgress, useForwardMessages } from '../api/forward-message';
import { CONTACT_SEARCH_MIN_LENGTH, useContactSearch } from '../api/search-contacts';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-ticket-filters';
import { ContactOption } from './contact-option';

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
  const contactSearch = useSearchPickerState();
  const [contact, setContact] = useState<{ id: number; name: string } | null>(null);
  const [sign, setSign] = useState(true);
  const [progress, setProgress] = useState<ForwardProgress | null>(null);
  const search = useDebouncedValue(contactSearch.text, SEARCH_DEBOUNCE_MS);
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

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void handleForward();
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={messageIds.length > 1 ? t('tickets.forward.titleCount', { count: messageIds.length }) : t('tickets.forward.title')}
      onSubmit={handleFormSubmit}
      submitting={busy}
      submitDisabled={!contact}
      closeDisabled={busy}
      submitLabel={t('tickets.messageMenu.forward')}
      testId="forward-dialog"
      submitTestId="forward-submit"
    >
      <Stack gap="4">
        <FormField label={t('tickets.newTicket.contact')} required>
          <SearchPicker
            state={contactSearch}
            disabled={busy}
            onUnpick={() => setContact(null)}
            placeholder={t('tickets.newTicket.contactPlaceholder', { count: CONTACT_SEARCH_MIN_LENGTH })}
            testId="forward-contact"
            options={!contact && search.trim().length >= CONTACT_SEARCH_MIN_LENGTH ? (contactsQuery.data ?? []) : null}
            renderOption={(option) => <ContactOption name={option.name} number={option.number} />}
            onPick={(option) => {
              setContact({ id: option.id, name: option.name });
              return option.name;
            }}
            optionTestId="forward-contact-option"
          />
        </FormField>
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
    </FormModal>
  );
}
