import { Box, Card, Center, Heading, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { toastError, toastSuccess, toastWarning } from '@/components/ui/toaster';
import { HOME_AFTER_LOGIN } from '@/config/paths';
import type { LoginInput } from '@/features/auth/api/login';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';

export function LoginRoute() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const navigate = useNavigate();

  async function handleSubmit(values: LoginInput) {
    try {
      const result = await login(values);
      toastSuccess(t('login.toasts.success'));
      if (result.subscriptionWarningDays !== null) {
        toastWarning(t('login.toasts.dueDateWarning', { count: result.subscriptionWarningDays }));
      }
      navigate(HOME_AFTER_LOGIN, { replace: true });
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Box minH="100vh" bg="bg.subtle">
      <HStack justify="flex-end" p="3" gap="2">
        <LanguageSwitcher />
        <ThemeToggle />
      </HStack>
      <Center px="4" pb="16">
        <Card.Root w="full" maxW="md" data-testid="login-card">
          <Card.Header>
            <Heading as="h1" size="2xl" data-testid="login-title">
              {t('login.title')}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {t('login.subtitle')}
            </Text>
          </Card.Header>
          <Card.Body>
            <LoginForm onSubmit={handleSubmit} />
          </Card.Body>
        </Card.Root>
      </Center>
    </Box>
  );
}
