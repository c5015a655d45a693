import { Flex, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { PasswordResetFlow } from '@/features/password-reset/components/password-reset-flow';

import { PublicPage } from '../layout/public-page';

/**
 * /forgetpsw (optional query companyId, kept on the sign-up link). With `email` and a six-digit
 * `code` (the link of an invitation mail) the page opens at the new password, the code filled in.
 */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const companyId = searchParams.get('companyId');
  const mailedEmail = searchParams.get('email')?.trim().toLowerCase();
  const mailedCode = searchParams.get('code')?.trim();
  const mailed = mailedEmail && mailedCode && /^\d{6}$/.test(mailedCode) ? { email: mailedEmail, code: mailedCode } : undefined;
  const signupPath = companyId ? `${paths.signup}?companyId=${encodeURIComponent(companyId)}` : paths.signup;

  function handleReset() {
    void navigate(paths.login, { replace: true });
  }

  return (
    <PublicPage logo="login" testId="password-reset-card">
      <PasswordResetFlow onReset={handleReset} mailedCode={mailed} />
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
