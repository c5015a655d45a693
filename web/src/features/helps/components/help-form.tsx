import { Button, Field, HStack, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/components/ui/toaster';
import { helpFormSchema, useSaveHelp, type HelpFormValues } from '../api/save-help';
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

  const message = (key: string | undefined) => (key ? t(key as 'validation.required') : undefined);

  return (
    <form noValidate onSubmit={handleSubmit(handleValid)} data-testid="help-form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={!!errors.title} required>
            <Field.Label>{t('helps.form.title')}</Field.Label>
            <Input {...register('title')} />
            <Field.ErrorText>{message(errors.title?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.video}>
            <Field.Label>{t('helps.form.video')}</Field.Label>
            <Input {...register('video')} />
            <Field.ErrorText>{message(errors.video?.message)}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!errors.description}>
          <Field.Label>{t('helps.form.description')}</Field.Label>
          <Textarea {...register('description')} rows={3} />
          <Field.ErrorText>{message(errors.description?.message)}</Field.ErrorText>
        </Field.Root>
        <HStack justify="flex-end" gap="2">
          <Button type="button" variant="outline" onClick={onDone}>
            {t('common.clear')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="help-save">
            {t('common.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
