import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FormFieldProps = {
  label: ReactNode;
  /** The field's error: a locale key, as the zod form schemas give them ('validation.required'). */
  error?: string;
  required?: boolean;
  /** The field can be seen but not changed (a form shown read-only). */
  disabled?: boolean;
  children: ReactNode;
};

/** A labelled form field with its translated error under it. */
export function FormField({ label, error, required, disabled, children }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      {children}
      <Field.ErrorText>{error ? t(error as 'validation.required') : undefined}</Field.ErrorText>
    </Field.Root>
  );
}
