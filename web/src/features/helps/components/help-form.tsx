import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormField } from '@/components/form/form-field';
import { InlineForm } from '@/components/form/inline-form';
import { toastSuccess } from '@/components/ui/toaster';

import { helpFormSchema, type HelpFormValues, useSaveHelp } from '../api/save-help';
import type { HelpResponse } from '../types';

type HelpFormProps = {
  help: HelpResponse | null;
  onDone: () => void;
};

const EMPTY: HelpFormValues = { title: '', video: '', description: '' };

/** Help video fields: title, video code, description. */
export function HelpForm({ help, onDone }: HelpFormProps) {
  const { t } = useTranslation();
  const saveHelp = useSaveHelp();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<HelpFormValues>({
    resolver: zodResolver(helpFormSchema),
    values: help ? { title: help.title, video: help.video, description: help.description } : EMPTY,
  });

  async function handleValid(values: HelpFormValues) {
    try {
      await saveHelp.mutateAsync({ helpId: help?.id ?? null, values });
      toastSuccess(t('common.operationSuccess'));
      reset(EMPTY);
      onDone();
    } catch {
      // The mutation cache shows the error.
    }
  }

  return (
    <InlineForm onSubmit={handleSubmit(handleValid)} onClear={onDone} submitting={isSubmitting} testId="help-form" submitTestId="help-save">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t('helps.form.title')} error={errors.title?.message} required>
          <Input {...register('title')} />
        </FormField>
        <FormField label={t('helps.form.video')} error={errors.video?.message}>
          <Input {...register('video')} />
        </FormField>
      </SimpleGrid>
      <FormField label={t('helps.form.description')} error={errors.description?.message}>
        <Textarea {...register('description')} rows={3} />
      </FormField>
    </InlineForm>
  );
}
