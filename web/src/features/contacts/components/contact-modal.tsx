import { Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { FormModal } from '@/components/ui/form-modal';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { type ContactFormMessageKey, contactFormSchema, type ContactFormValues } from '@/lib/contact-form';

import { useSaveContact } from '../api/save-contact';
import type { Contact } from '../types';

type ContactModalProps = { contact: Contact | null; onClose: () => void };
type MessageKey = ContactFormMessageKey;

/** Server answers about the number itself, shown under the number field as well as in the toast. */
const NUMBER_ERRORS = ['ERR_WAPP_INVALID_CONTACT', 'ERR_DUPLICATED_CONTACT'] as const;

/** Adds or edits a contact: name, number (checked against WhatsApp by the server), e-mail, extra info. */
export function ContactModal({ contact, onClose }: ContactModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveContact();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: {
      name: contact?.name ?? '',
      number: contact?.number ?? '',
      email: contact?.email ?? '',
      extraInfo: contact?.extraInfo ?? [],
    },
  });
  const extraInfo = useFieldArray({ control, name: 'extraInfo' });

  async function handleSave(values: ContactFormValues) {
    try {
      await saveMutation.mutateAsync({ id: contact?.id, body: values });
      toastSuccess(t('contacts.saved'));
      onClose();
    } catch (error) {
      const code = isApiError(error) ? NUMBER_ERRORS.find((known) => known === error.code) : undefined;
      if (code) setError('number', { message: `errors.${code}` });
      toastError(error);
    }
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={contact ? t('contacts.modal.editTitle') : t('contacts.modal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={saveMutation.isPending}
      submitLabel={t('common.save')}
      testId="contact-modal"
      submitTestId="contact-modal-save"
    >
      <Stack gap="3">
        <FormField label={t('contacts.fields.name')} error={errors.name?.message} required>
          <Input {...register('name')} data-testid="contact-modal-name" />
        </FormField>
        <FormField label={t('contacts.fields.number')} error={errors.number?.message} required>
          <Input {...register('number')} placeholder="5511999998888" data-testid="contact-modal-number" />
        </FormField>
        <FormField label={t('contacts.fields.email')} error={errors.email?.message}>
          <Input type="email" {...register('email')} data-testid="contact-modal-email" />
        </FormField>
        <Text fontWeight="semibold" fontSize="sm">
          {t('contacts.fields.extraInfo')}
        </Text>
        {extraInfo.fields.map((item, index) => (
          <HStack key={item.id} align="flex-start">
            <Field.Root invalid={!!errors.extraInfo?.[index]?.name} flex="1">
              <Input
                size="sm"
                placeholder={t('contacts.fields.extraName')}
                {...register(`extraInfo.${index}.name`)}
                data-testid="contact-modal-extra-name"
              />
              {errors.extraInfo?.[index]?.name?.message && (
                <Field.ErrorText>{t(errors.extraInfo[index].name.message as MessageKey)}</Field.ErrorText>
              )}
            </Field.Root>
            <Input size="sm" flex="1" placeholder={t('contacts.fields.extraValue')} {...register(`extraInfo.${index}.value`)} />
            <IconButton size="sm" variant="ghost" aria-label={t('common.delete')} onClick={() => extraInfo.remove(index)}>
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))}
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => extraInfo.append({ name: '', value: '' })}>
          <LuPlus /> {t('contacts.fields.addExtra')}
        </Button>
      </Stack>
    </FormModal>
  );
}
