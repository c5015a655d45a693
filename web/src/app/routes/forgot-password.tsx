import { Flex, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { PasswordResetFlow } from '@/features/password-reset/components/password-reset-flow';

import { PublicPage } from '../layout/public-page';

/** /forgetpsw (optional query companyId, kept on the sign-up link). */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const companyId = searchParams.get('companyId');
  const signupPath = companyId ? `${paths.signup}?companyId=${encodeURIComponent(companyId)}` : paths.signup;

  function handleReset() {
    void navigate(paths.login, { replace: true });
  }

  return (
    <PublicPage logo="login" testId="password-reset-card">
      <PasswordResetFlow onReset={handleReset} />
      <Flex mt="5" justify="space-between" gap="4" wrap="wrap" fontSize="sm">
        <Link asChild colorPalette="brand" data-testid="login-link">
          <RouterLink to={paths.login}>{t('common.backToLogin')}</RouterLink>
        </Link>
        <Link asChild colorPalette="brand" data-testid="signup-link">
          <RouterLink to={signupPath}>{t('passwordReset.buttons.signup')}</RouterLink>
        </Link>
      </Flex>
    </PublicPage>
  );
}
