import { CONTACT_LIST_ITEM_COMPANY_FIELDS, type ContactListItem } from '@app/contracts';
import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/ui/form-modal';
import { saveAndClose } from '@/components/ui/save-and-close';
import { isApiError } from '@/lib/api-client';

import { useSaveContactListItem } from '../api/save-contact-list-item';
import {
  contactListItemFormDefaults,
  contactListItemFormSchema,
  type ContactListItemFormValues,
  toContactListItemBody,
} from '../utils/contact-list-form';

type ContactListItemModalProps = {
  contactListId: number;
  /** The contact to edit; null adds one. */
  item: ContactListItem | null;
  onClose: () => void;
};
type MessageKey = 'contactLists.validation.required';

/** Adds or edits a contact of a list: name, number, email and the company fields. */
export function ContactListItemModal({ contactListId, item, onClose }: ContactListItemModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveContactListItem();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContactListItemFormValues>({
    resolver: zodResolver(contactListItemFormSchema),
    defaultValues: contactListItemFormDefaults(item),
  });

  const handleSave = (values: ContactListItemFormValues) =>
    saveAndClose(
      saveMutation,
      { id: item?.id, body: toContactListItemBody(values, contactListId) },
      {
        saved: t('contactLists.toasts.itemSaved'),
        onClose,
        onError: (error) => {
          const duplicated = isApiError(error) && error.code === 'ERR_DUPLICATED_CONTACT';
          if (duplicated) setError('number', { message: 'contactLists.validation.duplicate' });
          return duplicated;
        },
      },
    );

  const error = (name: keyof ContactListItemFormValues) =>
    errors[name]?.message ? <Field.ErrorText>{t(errors[name].message as MessageKey)}</Field.ErrorText> : null;

  return (
    <FormModal
      open
      size="lg"
      onClose={onClose}
      title={item ? t('contactLists.itemModal.editTitle') : t('contactLists.itemModal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={saveMutation.isPending}
      submitLabel={item ? t('common.save') : t('common.add')}
      testId="contact-list-item-modal"
      submitTestId="contact-list-item-save"
    >
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root invalid={!!errors.name} required>
            <Field.Label>{t('contactLists.fields.name')}</Field.Label>
            <Input {...register('name')} autoFocus data-testid="contact-list-item-name" />
            {error('name')}
          </Field.Root>
          <Field.Root invalid={!!errors.number} required>
            <Field.Label>{t('contactLists.fields.number')}</Field.Label>
            <Input {...register('number')} inputMode="tel" data-testid="contact-list-item-number" />
            {error('number')}
          </Field.Root>
          <Field.Root invalid={!!errors.email}>
            <Field.Label>{t('contactLists.fields.email')}</Field.Label>
            <Input {...register('email')} type="email" data-testid="contact-list-item-email" />
            {error('email')}
          </Field.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {CONTACT_LIST_ITEM_COMPANY_FIELDS.map((field) => (
            <Field.Root key={field} invalid={!!errors[field]}>
              <Field.Label>{t(`contactLists.fields.${field}`)}</Field.Label>
              <Input {...register(field)} data-testid={`contact-list-item-${field}`} />
              {error(field)}
            </Field.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </FormModal>
  );
}
