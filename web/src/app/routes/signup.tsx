import { Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';

import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import { usePublicSetting } from '@/features/signup/api/get-public-setting';
import { SignupFlow } from '@/features/signup/components/signup-flow';

import { PublicPage } from '../layout/public-page';

/** /signup (optional query companyId): sends the visitor to /login while registration is disabled. */
export function SignupRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowRegister = usePublicSetting('allowregister');

  function handleRegistered() {
    void navigate(paths.login, { replace: true });
  }

  if (allowRegister.isPending) return <FullPageSpinner />;
  if (allowRegister.data?.value === 'disabled') return <Navigate to={paths.login} replace />;

  return (
    <PublicPage logo="signup" testId="signup-card">
      <SignupFlow onRegistered={handleRegistered} />
      <Text mt="5" fontSize="sm" textAlign="center">
        <Link asChild colorPalette="brand" data-testid="login-link">
          <RouterLink to={paths.login}>{t('signup.buttons.login')}</RouterLink>
        </Link>
      </Text>
    </PublicPage>
  );
}
