import { Button, CloseButton, Dialog, Field, Portal, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '@/components/ui/toaster';
import { useEditMessage } from '../api/edit-message';
import type { Message } from '../types';

type EditMessageDialogProps = { message: Message; onClose: () => void };

/** Edits an own text message; the new text may not be empty (spec 1 section 5). */
export function EditMessageDialog({ message, onClose }: EditMessageDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(message.body);
  const [touched, setTouched] = useState(false);
  const editMutation = useEditMessage();
  const empty = text.trim().length === 0;

  async function handleSave() {
    setTouched(true);
    if (empty) return;
    try {
      await editMutation.mutateAsync({ id: message.id, body: text.trim() });
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
          <Dialog.Content data-testid="edit-message-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('tickets.messageMenu.edit')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root invalid={touched && empty}>
                <Textarea value={text} onChange={(event) => setText(event.target.value)} rows={4} autoFocus data-testid="edit-message-text" />
                <Field.ErrorText>{t('tickets.messageMenu.emptyText')}</Field.ErrorText>
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="brand" onClick={() => void handleSave()} loading={editMutation.isPending} data-testid="edit-message-save">
                {t('common.save')}
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
