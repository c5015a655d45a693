import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { PasswordInput } from '@/components/ui/password-input';

import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../api/reset-password';

type NewPasswordFormProps = {
  email: string;
  /** The code, when the page was opened from a mailed link. */
  defaultToken?: string;
  onSubmit: (values: ResetPasswordFormValues) => Promise<unknown> | void;
};

/** Phase two: the code, the new password and its confirmation, each with a show/hide toggle. */
export function NewPasswordForm({ email, defaultToken = '', onSubmit }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token: defaultToken, password: '', confirmPassword: '' },
  });

  async function handleValid(values: ResetPasswordFormValues) {
    await onSubmit(values);
  }

  const message = (key: string | undefined) => (key ? t(key as 'validation.required') : undefined);

  return (
    <form noValidate onSubmit={handleSubmit(handleValid)} data-testid="new-password-form">
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('passwordReset.codeSentTo', { email })}
        </Text>
        <Field.Root invalid={!!errors.token} required>
          <Field.Label>{t('passwordReset.form.code')}</Field.Label>
          <Input {...register('token')} autoComplete="one-time-code" autoFocus />
          <Field.ErrorText>{message(errors.token?.message)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.password} required>
          <Field.Label>{t('passwordReset.form.newPassword')}</Field.Label>
          <PasswordInput {...register('password')} autoComplete="new-password" />
          <Field.ErrorText>{message(errors.password?.message)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.confirmPassword} required>
          <Field.Label>{t('passwordReset.form.confirmPassword')}</Field.Label>
          <PasswordInput {...register('confirmPassword')} autoComplete="new-password" />
          <Field.ErrorText>{message(errors.confirmPassword?.message)}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={isSubmitting} width="full">
          {t('passwordReset.buttons.reset')}
        </Button>
      </Stack>
    </form>
  );
}
