import type { Contact } from '@app/contracts';
import { Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';

import { toastError, toastSuccess } from '@/components/ui/toaster';
import { type ContactFormMessageKey, contactFormSchema, type ContactFormValues } from '@/lib/contact-form';

import { useUpdateContact } from '../api/update-contact';

type ContactEditFormProps = { contact: Contact; onDone: () => void };

type MessageKey = ContactFormMessageKey;

/** Edits the contact of the drawer: name, number, e-mail and extra info. */
export function ContactEditForm({ contact, onDone }: ContactEditFormProps) {
  const { t } = useTranslation();
  const updateMutation = useUpdateContact();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: contact.name, number: contact.number, email: contact.email ?? '', extraInfo: contact.extraInfo ?? [] },
  });
  const extraInfo = useFieldArray({ control, name: 'extraInfo' });

  async function handleSave(values: ContactFormValues) {
    try {
      await updateMutation.mutateAsync({ id: contact.id, changes: values });
      toastSuccess(t('tickets.contact.saved'));
      onDone();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <form onSubmit={handleSubmit(handleSave)} noValidate data-testid="contact-edit-form">
      <Stack gap="3">
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>{t('tickets.contact.name')}</Field.Label>
          <Input size="sm" {...register('name')} data-testid="contact-name" />
          {errors.name?.message && <Field.ErrorText>{t(errors.name.message as MessageKey)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.number} required>
          <Field.Label>{t('tickets.contact.number')}</Field.Label>
          <Input size="sm" {...register('number')} data-testid="contact-number" />
          {errors.number?.message && <Field.ErrorText>{t(errors.number.message as MessageKey)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.email}>
          <Field.Label>{t('tickets.contact.email')}</Field.Label>
          <Input size="sm" type="email" {...register('email')} data-testid="contact-email" />
          {errors.email?.message && <Field.ErrorText>{t(errors.email.message as MessageKey)}</Field.ErrorText>}
        </Field.Root>
        <Text fontWeight="semibold" fontSize="sm">
          {t('tickets.contact.extraInfo')}
        </Text>
        {extraInfo.fields.map((item, index) => (
          <HStack key={item.id} align="flex-start">
            <Field.Root invalid={!!errors.extraInfo?.[index]?.name}>
              <Input size="sm" placeholder={t('tickets.contact.extraName')} {...register(`extraInfo.${index}.name`)} />
            </Field.Root>
            <Input size="sm" placeholder={t('tickets.contact.extraValue')} {...register(`extraInfo.${index}.value`)} />
            <IconButton size="sm" variant="ghost" aria-label={t('common.delete')} onClick={() => extraInfo.remove(index)}>
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))}
        <Button size="xs" variant="outline" onClick={() => extraInfo.append({ name: '', value: '' })} alignSelf="flex-start">
          <LuPlus /> {t('tickets.contact.addExtra')}
        </Button>
        <HStack justify="flex-end">
          <Button size="sm" variant="outline" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button size="sm" type="submit" colorPalette="brand" loading={updateMutation.isPending} data-testid="contact-save">
            {t('common.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
