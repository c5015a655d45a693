import type { ContactList } from '@app/contracts';
import { Field, Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/ui/form-modal';
import { toastSuccess } from '@/components/ui/toaster';

import { useSaveContactList } from '../api/save-contact-list';
import { contactListFormSchema, type ContactListFormValues } from '../utils/contact-list-form';

type ContactListModalProps = {
  /** The list to rename; null adds one. */
  contactList: ContactList | null;
  onClose: () => void;
};
type MessageKey = 'contactLists.validation.required';

/** The name dialog, for adding and renaming a contact list. */
export function ContactListModal({ contactList, onClose }: ContactListModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveContactList();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContactListFormValues>({ resolver: zodResolver(contactListFormSchema), defaultValues: { name: contactList?.name ?? '' } });

  async function handleSave(values: ContactListFormValues) {
    await saveMutation.mutateAsync({ id: contactList?.id, body: values });
    toastSuccess(t('contactLists.toasts.saved'));
    onClose();
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={contactList ? t('contactLists.modal.editTitle') : t('contactLists.modal.addTitle')}
      onSubmit={handleSubmit((values) => handleSave(values).catch(() => undefined))}
      submitting={saveMutation.isPending}
      submitLabel={contactList ? t('common.save') : t('common.add')}
      testId="contact-list-modal"
      submitTestId="contact-list-save"
    >
      <Field.Root invalid={!!errors.name} required>
        <Field.Label>{t('contactLists.fields.name')}</Field.Label>
        <Input {...register('name')} autoFocus data-testid="contact-list-name" />
        {errors.name?.message && <Field.ErrorText>{t(errors.name.message as MessageKey)}</Field.ErrorText>}
      </Field.Root>
    </FormModal>
  );
}
