import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { verifyCodeFormSchema, type VerifyCodeFormValues } from '../api/verify-code';

type SignupVerifyFormProps = {
  email: string;
  onSubmit: (values: VerifyCodeFormValues) => Promise<unknown> | void;
  onBack: () => void;
};

/** Step two, 'Verificar email': the code mailed to the address. */
export function SignupVerifyForm({ email, onSubmit, onBack }: SignupVerifyFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<VerifyCodeFormValues>({ resolver: zodResolver(verifyCodeFormSchema), defaultValues: { code: '' } });

  async function handleValid(values: VerifyCodeFormValues) {
    await onSubmit(values);
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValid)} data-testid="signup-verify-form">
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('signup.verify.instructions', { email })}
        </Text>
        <Field.Root invalid={!!errors.code} required>
          <Field.Label>{t('signup.form.code')}</Field.Label>
          <Input {...register('code')} autoComplete="one-time-code" inputMode="numeric" autoFocus />
          <Field.ErrorText>{errors.code?.message && t(errors.code.message as 'validation.required')}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={isSubmitting} width="full">
          {t('signup.buttons.finish')}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack} disabled={isSubmitting}>
          {t('signup.buttons.back')}
        </Button>
      </Stack>
    </form>
  );
}
