import { Box, Button, Field, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTrash2 } from 'react-icons/lu';

import { toastError, toastSuccess } from '@/components/ui/toaster';
import { formatDateTime } from '@/lib/format';

import { useCreateTicketNote, useDeleteTicketNote, useTicketNotes } from '../api/ticket-notes';
import { ticketNoteSchema } from '../utils/contact-form';

type TicketNotesProps = { contactId: number; ticketId: number };

/** The notes of a contact's ticket: add ('Observação adicionada com sucesso!') and delete. */
export function TicketNotes({ contactId, ticketId }: TicketNotesProps) {
  const { t } = useTranslation();
  const notesQuery = useTicketNotes(contactId, ticketId);
  const createMutation = useCreateTicketNote();
  const deleteMutation = useDeleteTicketNote();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleAdd() {
    const parsed = ticketNoteSchema.safeParse(note);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await createMutation.mutateAsync({ note: parsed.data, ticketId, contactId });
      setNote('');
      toastSuccess(t('tickets.contact.noteAdded'));
    } catch (caught) {
      toastError(caught);
    }
  }

  async function handleDelete(id: number) {
    try {
      await deleteMutation.mutateAsync(id);
      toastSuccess(t('tickets.contact.noteDeleted'));
    } catch (caught) {
      toastError(caught);
    }
  }

  return (
    <Stack gap="2" data-testid="ticket-notes">
      <Field.Root invalid={!!error}>
        <Textarea
          size="sm"
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder={t('tickets.contact.notePlaceholder')}
          data-testid="ticket-note-text"
        />
        {error && <Field.ErrorText>{t(error as 'tickets.contact.validation.noteRequired')}</Field.ErrorText>}
      </Field.Root>
      <Button
        size="xs"
        colorPalette="brand"
        alignSelf="flex-end"
        onClick={() => void handleAdd()}
        loading={createMutation.isPending}
        data-testid="ticket-note-add"
      >
        {t('tickets.contact.addNote')}
      </Button>
      {(notesQuery.data ?? []).map((item) => (
        <Box key={item.id} borderWidth="1px" borderRadius="md" p="2" data-testid="ticket-note">
          <HStack justify="space-between" align="flex-start">
            <Text fontSize="sm" whiteSpace="pre-wrap">
              {item.note}
            </Text>
            <IconButton size="2xs" variant="ghost" aria-label={t('common.delete')} onClick={() => void handleDelete(item.id)}>
              <LuTrash2 />
            </IconButton>
          </HStack>
          <Text fontSize="2xs" color="fg.muted">
            {item.user?.name} · {formatDateTime(item.createdAt)}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
