import { Button, CloseButton, Dialog, Field, HStack, IconButton, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { useSaveContact } from '../api/save-contact';
import type { Contact } from '../types';
import { contactFormSchema, type ContactFormValues } from '../utils/contact-form';

type ContactModalProps = { contact: Contact | null; onClose: () => void };
type MessageKey = 'contacts.validation.required';

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
    defaultValues: { name: contact?.name ?? '', number: contact?.number ?? '', email: contact?.email ?? '', extraInfo: contact?.extraInfo ?? [] },
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
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="contact-modal">
            <form onSubmit={handleSubmit(handleSave)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{contact ? t('contacts.modal.editTitle') : t('contacts.modal.addTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Field.Root invalid={!!errors.name} required>
                    <Field.Label>{t('contacts.fields.name')}</Field.Label>
                    <Input {...register('name')} data-testid="contact-modal-name" />
                    {errors.name?.message && <Field.ErrorText>{t(errors.name.message as MessageKey)}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root invalid={!!errors.number} required>
                    <Field.Label>{t('contacts.fields.number')}</Field.Label>
                    <Input {...register('number')} placeholder="5511999998888" data-testid="contact-modal-number" />
                    {errors.number?.message && <Field.ErrorText>{t(errors.number.message as MessageKey)}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root invalid={!!errors.email}>
                    <Field.Label>{t('contacts.fields.email')}</Field.Label>
                    <Input type="email" {...register('email')} data-testid="contact-modal-email" />
                    {errors.email?.message && <Field.ErrorText>{t(errors.email.message as MessageKey)}</Field.ErrorText>}
                  </Field.Root>
                  <Text fontWeight="semibold" fontSize="sm">
                    {t('contacts.fields.extraInfo')}
                  </Text>
                  {extraInfo.fields.map((item, index) => (
                    <HStack key={item.id} align="flex-start">
                      <Field.Root invalid={!!errors.extraInfo?.[index]?.name} flex="1">
                        <Input size="sm" placeholder={t('contacts.fields.extraName')} {...register(`extraInfo.${index}.name`)} data-testid="contact-modal-extra-name" />
                        {errors.extraInfo?.[index]?.name?.message && <Field.ErrorText>{t(errors.extraInfo[index].name.message as MessageKey)}</Field.ErrorText>}
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
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={saveMutation.isPending} data-testid="contact-modal-save">
                  {t('common.save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
