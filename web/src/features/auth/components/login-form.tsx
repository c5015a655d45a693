import { Button, Field, Flex, Input, Link, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';

import { type LoginInput, loginInputSchema } from '../api/login';
import { normalizeEmailInput } from '../utils/email';

type LoginFormProps = {
  onSubmit: (values: LoginInput) => Promise<unknown> | void;
  /** The create-account link; hidden when the global `viewregister` setting is disabled. */
  showSignupLink?: boolean;
};

/** E-mail (lower-cased as typed) and password; links to password reset and sign-up. */
export function LoginForm({ onSubmit, showSignupLink = true }: LoginFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const emailField = register('email');

  function handleEmailChange(event: ChangeEvent<HTMLInputElement>) {
    const lowered = normalizeEmailInput(event.target.value);
    if (lowered !== event.target.value) event.target.value = lowered;
    return emailField.onChange(event);
  }

  async function handleValidSubmit(values: LoginInput) {
    await onSubmit(values);
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label={t('login.title')}>
      <Stack gap="4">
        <Field.Root invalid={!!errors.email} required>
          <Field.Label>{t('login.form.email')}</Field.Label>
          <Input
            {...emailField}
            onChange={handleEmailChange}
            type="email"
            autoComplete="email"
            autoFocus
            autoCapitalize="none"
            spellCheck={false}
          />
          {errors.email?.message && <Field.ErrorText>{t(errors.email.message as 'validation.required')}</Field.ErrorText>}
        </Field.Root>

        <Field.Root invalid={!!errors.password} required>
          <Field.Label>{t('login.form.password')}</Field.Label>
          <Input {...register('password')} type="password" autoComplete="current-password" />
          {errors.password?.message && <Field.ErrorText>{t(errors.password.message as 'validation.required')}</Field.ErrorText>}
        </Field.Root>

        <Button type="submit" colorPalette="brand" loading={isSubmitting} width="full">
          {t('login.buttons.submit')}
        </Button>

        <Flex justify="space-between" gap="4" wrap="wrap" fontSize="sm">
          <Link asChild colorPalette="brand" data-testid="forgot-password-link">
            <RouterLink to={paths.forgotPassword}>{t('login.buttons.forgotPassword')}</RouterLink>
          </Link>
          {showSignupLink && (
            <Link asChild colorPalette="brand" data-testid="signup-link">
              <RouterLink to={paths.signup}>{t('login.buttons.signup')}</RouterLink>
            </Link>
          )}
        </Flex>
      </Stack>
    </form>
  );
}
