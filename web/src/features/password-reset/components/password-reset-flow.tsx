import { Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError, toastSuccess } from '@/components/ui/toaster';

import { type RequestCodeFormValues, useRequestResetCode } from '../api/request-reset-code';
import { type ResetPasswordFormValues, useResetPassword } from '../api/reset-password';
import { NewPasswordForm } from './new-password-form';
import { RequestCodeForm } from './request-code-form';

type PasswordResetFlowProps = {
  /** Called after the new password was saved (the page goes to /login). */
  onReset: () => void;
  /** An e-mail and code already mailed (an admin's invitation link): the flow starts at phase two. */
  mailedCode?: { email: string; code: string };
};

/** /forgetpsw: phase one asks for the e-mail and mails a code; phase two sets the new password. */
export function PasswordResetFlow({ onReset, mailedCode }: PasswordResetFlowProps) {
  const { t } = useTranslation();
  const requestCode = useRequestResetCode();
  const reset = useResetPassword();
  const [email, setEmail] = useState<string | null>(mailedCode?.email ?? null);

  async function handleRequestCode(values: RequestCodeFormValues) {
    try {
      await requestCode.mutateAsync(values);
      toastSuccess(t('passwordReset.toasts.emailSent'));
      setEmail(values.email);
    } catch (error) {
      // Known or not, the server answers the same (it does not tell who has an account): only real failures land here.
      toastError(error);
    }
  }

  async function handleReset(values: ResetPasswordFormValues) {
    if (!email) return;
    try {
      await reset.mutateAsync({ email, ...values });
      toastSuccess(t('passwordReset.toasts.passwordReset'));
      onReset();
    } catch {
      // Shown as a toast by the mutation cache.
    }
  }

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl" data-testid="password-reset-title">
        {t('passwordReset.title')}
      </Heading>
      {email ? (
        <NewPasswordForm email={email} defaultToken={mailedCode?.code} onSubmit={handleReset} />
      ) : (
        <RequestCodeForm onSubmit={handleRequestCode} />
      )}
    </Stack>
  );
}
