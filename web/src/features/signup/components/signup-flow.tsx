import { Center, Heading, Spinner, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError, toastSuccess } from '@/components/ui/toaster';

import { usePublicPlans } from '../api/get-public-plans';
import { usePublicSetting } from '../api/get-public-setting';
import { type SignupFormValues, toRegisterCompanyInput, trialDays, useRegisterCompany } from '../api/register-company';
import type { VerifyCodeFormValues } from '../api/verify-code';
import { useVerifyCode, type VerifyCodeResponse } from '../api/verify-code';
import { useVerifyEmail } from '../api/verify-email';
import { SignupAccountForm } from './signup-account-form';
import { SignupVerifyForm } from './signup-verify-form';

type SignupFlowProps = {
  /** Called once the company is registered (the page goes to /login). */
  onRegistered: () => void;
};

/** The two-step sign-up: 'Criar sua conta', then 'Verificar email' with the mailed code. */
export function SignupFlow({ onRegistered }: SignupFlowProps) {
  const { t } = useTranslation();
  const plansQuery = usePublicPlans();
  const trialQuery = usePublicSetting('trial');
  const verifyEmail = useVerifyEmail();
  const verifyCode = useVerifyCode();
  const registerCompany = useRegisterCompany();
  const [account, setAccount] = useState<SignupFormValues | null>(null);
  const [step, setStep] = useState<'account' | 'verify'>('account');

  async function handleAccountSubmit(values: SignupFormValues) {
    try {
      await verifyEmail.mutateAsync({ email: values.email, name: values.name });
      toastSuccess(t('signup.toasts.codeSent'));
      setAccount(values);
      setStep('verify');
    } catch {
      // The mutation's error is already shown as a toast.
    }
  }

  async function handleVerifySubmit({ code }: VerifyCodeFormValues) {
    if (!account) return;
    try {
      const result: VerifyCodeResponse = await verifyCode.mutateAsync({ email: account.email, code });
      if (!result?.valid) {
        toastError(t('signup.toasts.invalidCode'));
        return;
      }
      await registerCompany.mutateAsync(toRegisterCompanyInput(account, trialDays(trialQuery.data?.value)));
      toastSuccess(t('signup.toasts.registered'));
      onRegistered();
    } catch {
      // Shown as a toast by the mutation cache.
    }
  }

  function handleBack() {
    setStep('account');
  }

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl" data-testid="signup-title">
        {step === 'verify' ? t('signup.verifyTitle') : t('signup.title')}
      </Heading>
      {plansQuery.isPending ? (
        <Center py="6">
          <Spinner aria-label={t('common.loading')} />
        </Center>
      ) : step === 'verify' && account ? (
        <SignupVerifyForm email={account.email} onSubmit={handleVerifySubmit} onBack={handleBack} />
      ) : (
        <SignupAccountForm plans={plansQuery.data ?? []} defaultValues={account ?? undefined} onSubmit={handleAccountSubmit} />
      )}
    </Stack>
  );
}
