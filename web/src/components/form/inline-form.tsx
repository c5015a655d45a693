import { Button, HStack, Stack } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type InlineFormProps = {
  /** react-hook-form's handleSubmit(handleValid). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** 'Limpar': empties the form (or leaves editing); no button without it. */
  onClear?: () => void;
  submitting: boolean;
  testId: string;
  submitTestId: string;
  children: ReactNode;
};

/** The add-or-edit form above an admin list (companies, plans, helps): its fields, then Limpar and Salvar. */
export function InlineForm({ onSubmit, onClear, submitting, testId, submitTestId, children }: InlineFormProps) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={onSubmit} data-testid={testId}>
      <Stack gap="4">
        {children}
        <HStack justify="flex-end" gap="2">
          {onClear && (
            <Button type="button" variant="outline" onClick={onClear}>
              {t('common.clear')}
            </Button>
          )}
          <Button type="submit" colorPalette="brand" loading={submitting} data-testid={submitTestId}>
            {t('common.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
