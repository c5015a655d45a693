import { Button, Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { PasswordInput } from '@/components/ui/password-input';
import { toastError } from '@/components/ui/toaster';
import { formatMoney } from '@/lib/format';

import { signupFormSchema, type SignupFormValues } from '../api/register-company';
import type { PublicPlan } from '../types';
import { formatPhoneMask, phoneDigits } from '../utils/phone-mask';

type SignupAccountFormProps = {
  plans: PublicPlan[];
  defaultValues?: Partial<SignupFormValues>;
  onSubmit: (values: SignupFormValues) => Promise<unknown> | void;
};

const EMPTY: SignupFormValues = { name: '', email: '', phone: '', password: '', planId: '' };

/** Step one, 'Criar sua conta': company name, e-mail, phone, password and plan. */
export function SignupAccountForm({ plans, defaultValues, onSubmit }: SignupAccountFormProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { ...EMPTY, ...defaultValues },
  });

  function handleInvalid(invalid: FieldErrors<SignupFormValues>) {
    if (invalid.planId) toastError(t('signup.toasts.selectPlanFirst'));
  }

  async function handleValid(values: SignupFormValues) {
    await onSubmit(values);
  }

  const message = (key: string | undefined) => (key ? t(key as 'validation.required') : undefined);

  return (
    <form noValidate onSubmit={handleSubmit(handleValid, handleInvalid)} data-testid="signup-account-form">
      <Stack gap="4">
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>{t('signup.form.name')}</Field.Label>
          <Input {...register('name')} autoComplete="organization" autoFocus />
          <Field.ErrorText>{message(errors.name?.message)}</Field.ErrorText>
        </Field.Root>

        <Field.Root invalid={!!errors.email} required>
          <Field.Label>{t('signup.form.email')}</Field.Label>
          <Input {...register('email')} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
          <Field.ErrorText>{message(errors.email?.message)}</Field.ErrorText>
        </Field.Root>

        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <Field.Root invalid={!!errors.phone}>
              <Field.Label>{t('signup.form.phone')}</Field.Label>
              <Input
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={formatPhoneMask(field.value)}
                onChange={(event: ChangeEvent<HTMLInputElement>) => field.onChange(phoneDigits(event.target.value))}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="(99) 99999-9999"
              />
              <Field.ErrorText>{message(errors.phone?.message)}</Field.ErrorText>
            </Field.Root>
          )}
        />

        <Field.Root invalid={!!errors.password} required>
          <Field.Label>{t('signup.form.password')}</Field.Label>
          <PasswordInput {...register('password')} autoComplete="new-password" />
          <Field.ErrorText>{message(errors.password?.message)}</Field.ErrorText>
        </Field.Root>

        <Field.Root invalid={!!errors.planId} required>
          <Field.Label>{t('signup.form.plan')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('planId')} data-testid="signup-plan">
              <option value="">{t('signup.form.selectPlan')}</option>
              {plans.map((plan) => (
                <option key={plan.id} value={String(plan.id)}>
                  {t('signup.form.planOption', {
                    name: plan.name,
                    users: plan.users,
                    connections: plan.connections,
                    queues: plan.queues,
                    value: formatMoney(plan.value),
                  })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{message(errors.planId?.message)}</Field.ErrorText>
        </Field.Root>

        <Button type="submit" colorPalette="brand" loading={isSubmitting} width="full">
          {t('signup.buttons.verifyEmail')}
        </Button>
      </Stack>
    </form>
  );
}
