import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { requestCodeFormSchema, type RequestCodeFormValues } from '../api/request-reset-code';

type RequestCodeFormProps = {
  onSubmit: (values: RequestCodeFormValues) => Promise<unknown> | void;
};

/** Phase one: the e-mail that receives the code. */
export function RequestCodeForm({ onSubmit }: RequestCodeFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestCodeFormValues>({ resolver: zodResolver(requestCodeFormSchema), defaultValues: { email: '' } });

  async function handleValid(values: RequestCodeFormValues) {
    await onSubmit(values);
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValid)} data-testid="request-code-form">
      <Stack gap="4">
        <Field.Root invalid={!!errors.email} required>
          <Field.Label>{t('passwordReset.form.email')}</Field.Label>
          <Input {...register('email')} type="email" autoComplete="email" autoCapitalize="none" autoFocus />
          <Field.ErrorText>{errors.email?.message && t(errors.email.message as 'validation.required')}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={isSubmitting} width="full">
          {t('passwordReset.buttons.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}
