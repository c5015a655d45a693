import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FormFieldProps = {
  label: ReactNode;
  /** The field's error: a locale key, as the zod form schemas give them ('validation.required'). */
  error?: string;
  required?: boolean;
  children: ReactNode;
};

/** A labelled form field with its translated error under it. */
export function FormField({ label, error, required, children }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      <Field.ErrorText>{error ? t(error as 'validation.required') : undefined}</Field.ErrorText>
    </Field.Root>
  );
}
