import type { GroupContact } from '@app/contracts';
import { Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormField } from '@/components/form/form-field';
import { FormModal } from '@/components/ui/form-modal';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { contactFormSchema } from '@/lib/contact-form';

import { useRenameGroupContact } from '../api/group-contacts';

/** The group contact's own field: its name, by the contacts' rules (the code is WhatsApp's and stays). */
const groupContactFormSchema = contactFormSchema.pick({ name: true });
type GroupContactFormValues = { name: string };

/** 'Editar contato' on a group's card: renames the group's contact. */
export function GroupContactModal({ group, onClose }: { group: GroupContact; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameGroupContact();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GroupContactFormValues>({ resolver: zodResolver(groupContactFormSchema), defaultValues: { name: group.name } });

  async function handleSave(values: GroupContactFormValues) {
    try {
      await rename.mutateAsync({ id: group.id, name: values.name });
      toastSuccess(t('groups.contactSaved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={t('groups.editContact')}
      onSubmit={handleSubmit(handleSave)}
      submitting={rename.isPending}
      submitLabel={t('common.save')}
      testId="group-contact-modal"
      submitTestId="group-contact-modal-save"
    >
      <FormField label={t('groups.fields.name')} error={errors.name?.message} required>
        <Input {...register('name')} data-testid="group-contact-modal-name" />
      </FormField>
    </FormModal>
  );
}
