import { Code, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A request as the partner would type it in a terminal. */
export function CurlBlock({ children }: { children: ReactNode }) {
  return (
    <Code as="pre" display="block" whiteSpace="pre-wrap" padding="3">
      {children}
    </Code>
  );
}

/** The API token a live sample form sends its request with. */
export function SampleTokenInput({ value, onChange, testId }: { value: string; onChange: (value: string) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Input
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder="zdk_..."
      aria-label={t('messagesApi.tokens.token')}
      data-testid={testId}
    />
  );
}

/** The customer's number a live sample form sends to. */
export function SampleNumberInput({ value, onChange, testId }: { value: string; onChange: (value: string) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Input
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder="5511999998888"
      aria-label={t('messagesApi.sample.number')}
      data-testid={testId}
    />
  );
}
