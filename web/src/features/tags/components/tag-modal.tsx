import type { TagDetail } from '@app/contracts';
import { Field, HStack, Input, Stack, Switch } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/ui/form-modal';
import { saveAndClose } from '@/components/ui/save-and-close';
import { isApiError } from '@/lib/api-client';

import { useSaveTag } from '../api/save-tag';
import { tagFormDefaults, tagFormSchema, type TagFormValues, toTagBody } from '../utils/tag-form';

type TagModalProps = {
  /** The tag to edit; null adds one. */
  tag: TagDetail | null;
  /** tag:editKanban (admins and supervisors): the kanban toggle is shown. */
  canEditKanban: boolean;
  onClose: () => void;
};
type MessageKey = 'validation.required';

/** Adds or edits a tag: name, colour and, for admins and supervisors, the kanban toggle. */
export function TagModal({ tag, canEditKanban, onClose }: TagModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveTag();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TagFormValues>({ resolver: zodResolver(tagFormSchema), defaultValues: tagFormDefaults(tag) });

  const handleSave = (values: TagFormValues) =>
    saveAndClose(
      saveMutation,
      { id: tag?.id, body: toTagBody(values, canEditKanban) },
      {
        saved: t('tags.toasts.saved'),
        onClose,
        onError: (error) => {
          const taken = isApiError(error) && error.fields?.some((field) => field.path === 'name');
          if (taken) setError('name', { message: 'tags.validation.exists' });
          return Boolean(taken);
        },
      },
    );

  return (
    <FormModal
      open
      onClose={onClose}
      title={tag ? t('tags.modal.editTitle') : t('tags.modal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={saveMutation.isPending}
      submitLabel={tag ? t('common.save') : t('common.add')}
      testId="tag-modal"
      submitTestId="tag-save"
    >
      <Stack gap="4">
        <HStack align="flex-start" gap="3">
          <Field.Root invalid={!!errors.name} required flex="1">
            <Field.Label>{t('tags.fields.name')}</Field.Label>
            <Input {...register('name')} autoFocus data-testid="tag-name" />
            {errors.name?.message && <Field.ErrorText>{t(errors.name.message as MessageKey)}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={!!errors.color} w="24">
            <Field.Label>{t('tags.fields.color')}</Field.Label>
            <Input type="color" p="1" {...register('color')} data-testid="tag-color" />
            {errors.color?.message && <Field.ErrorText>{t(errors.color.message as MessageKey)}</Field.ErrorText>}
          </Field.Root>
        </HStack>
        {canEditKanban && (
          <Controller
            control={control}
            name="kanban"
            render={({ field }) => (
              <Switch.Root
                checked={field.value}
                onCheckedChange={(details) => field.onChange(details.checked)}
                colorPalette="brand"
                data-testid="tag-kanban"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t('tags.fields.kanban')}</Switch.Label>
              </Switch.Root>
            )}
          />
        )}
      </Stack>
    </FormModal>
  );
}
