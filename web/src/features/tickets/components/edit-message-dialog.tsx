import { Field, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/ui/form-modal';
import { toastError } from '@/components/ui/toaster';

import { useEditMessage } from '../api/edit-message';
import { splitSignature } from '../hooks/use-sign-message';
import type { Message } from '../types';

type EditMessageDialogProps = { message: Message; onClose: () => void };

/**
 * Edits an own text message; the new text may not be empty (spec 1 section 5). The signature
 * ('*Name:*') is not part of what the agent edits: it is kept as it was.
 */
export function EditMessageDialog({ message, onClose }: EditMessageDialogProps) {
  const { t } = useTranslation();
  const { signature, text: initialText } = splitSignature(message.body);
  const [text, setText] = useState(initialText);
  const [touched, setTouched] = useState(false);
  const editMutation = useEditMessage();
  const empty = text.trim().length === 0;

  async function handleSave() {
    setTouched(true);
    if (empty) return;
    try {
      await editMutation.mutateAsync({ id: message.id, body: `${signature}${text.trim()}` });
      onClose();
    } catch (error) {
      toastError(error);
    }
  }

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void handleSave();
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={t('tickets.messageMenu.edit')}
      onSubmit={handleFormSubmit}
      submitting={editMutation.isPending}
      submitLabel={t('common.save')}
      testId="edit-message-dialog"
      submitTestId="edit-message-save"
    >
      <Field.Root invalid={touched && empty}>
        <Textarea value={text} onChange={(event) => setText(event.target.value)} rows={4} autoFocus data-testid="edit-message-text" />
        <Field.ErrorText>{t('tickets.messageMenu.emptyText')}</Field.ErrorText>
      </Field.Root>
    </FormModal>
  );
}
