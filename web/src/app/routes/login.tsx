import { subscriptionExpiredDetailsSchema } from '@app/contracts';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toastError, toastSuccess, toastWarning } from '@/components/ui/toaster';
import type { LoginInput } from '@/features/auth/api/login';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ExpiredCheckoutDialog } from '@/features/billing/components/expired-checkout-dialog';
import { usePublicSetting } from '@/features/signup/api/get-public-setting';
import { isApiError } from '@/lib/api-client';

import { PublicPage } from '../layout/public-page';

export function LoginRoute() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const viewRegister = usePublicSetting('viewregister');
  // An expired company's admin is offered the invoice's checkout; once paid, the same login goes on.
  const [expired, setExpired] = useState<{ pass: string; values: LoginInput } | null>(null);

  async function handleSubmit(values: LoginInput) {
    try {
      const result = await login(values);
      toastSuccess(t('login.toasts.success'));
      if (result.subscriptionWarningDays !== null) {
        toastWarning(t('login.toasts.dueDateWarning', { count: result.subscriptionWarningDays }));
      }
      // The signed-in user is now known: PublicOnlyRoute moves on to the landing page.
    } catch (error) {
      toastError(error);
      const details =
        isApiError(error) && error.code === 'ERR_SUBSCRIPTION_EXPIRED' && subscriptionExpiredDetailsSchema.safeParse(error.details);
      if (details && details.success && details.data.checkoutPass) setExpired({ pass: details.data.checkoutPass, values });
    }
  }

  function handleRenewed() {
    const values = expired?.values;
    setExpired(null);
    if (values) void handleSubmit(values);
  }

  return (
    <PublicPage logo="login" testId="login-card">
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" size="2xl" data-testid="login-title">
            {t('login.title')}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t('login.subtitle')}
          </Text>
        </Stack>
        <LoginForm onSubmit={handleSubmit} showSignupLink={viewRegister.data?.value !== 'disabled'} />
      </Stack>
      {expired && <ExpiredCheckoutDialog pass={expired.pass} onRenewed={handleRenewed} onClose={() => setExpired(null)} />}
    </PublicPage>
  );
}
