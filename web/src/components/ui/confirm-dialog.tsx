import { Button, Dialog, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DialogFrame } from './dialog-frame';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The question; defaults to the spec's 'Deseja realmente excluir este registro?'. */
  message?: string;
  confirmLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Test ids of the dialog and of its confirm button (browser specs look them up). */
  testId?: string;
  confirmTestId?: string;
  /** Below the question (a link to a sample sheet). */
  children?: ReactNode;
};

/** Asks before a destructive action: the one confirm dialog of the app. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
  confirmTestId = 'confirm-dialog-confirm',
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();

  function handleOpenChange(details: { open: boolean }) {
    if (!details.open) onClose();
  }

  return (
    <DialogFrame open={open} onOpenChange={handleOpenChange} role="alertdialog" placement="center" testId={testId}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text>{message ?? t('common.confirmDelete')}</Text>
        {children}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button colorPalette="red" onClick={onConfirm} loading={loading} data-testid={confirmTestId}>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
