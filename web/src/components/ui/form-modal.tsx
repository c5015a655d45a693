import { Button, Dialog } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DialogFrame, type DialogFrameProps } from './dialog-frame';

type FormModalProps = Omit<DialogFrameProps, 'onOpenChange' | 'role' | 'contentProps'> & {
  /** Cancelar, the close button, Escape and a click outside all call it. */
  onClose: () => void;
  title: ReactNode;
  submitting: boolean;
  /** 'Salvar' when editing, 'Adicionar' when adding, or the action's own verb. */
  submitLabel: string;
  /** Defaults to 'Cancelar' (common.cancel). */
  cancelLabel?: string;
  submitDisabled?: boolean;
  submitTestId: string;
} & (
    | {
        /** react-hook-form's handleSubmit(handleValid): the dialog wraps its body in this form. */
        onSubmit: FormEventHandler<HTMLFormElement>;
        formId?: never;
      }
    | {
        /** The id of a form the children render themselves: the submit button submits that form. */
        formId: string;
        onSubmit?: never;
      }
  );

/**
 * An add-or-edit dialog: the title, the form's fields, Cancelar and the submit button, the close
 * button. It opens centred at 'md' unless told: the admin modals with many fields say 'lg'.
 */
export function FormModal({
  onClose,
  title,
  onSubmit,
  submitting,
  submitLabel,
  cancelLabel,
  submitDisabled,
  submitTestId,
  formId,
  children,
  size = 'md',
  placement = 'center',
  ...frameProps
}: FormModalProps) {
  const { t } = useTranslation();

  function handleOpenChange(details: { open: boolean }) {
    if (!details.open && !frameProps.closeDisabled) onClose();
  }

  const frame = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onClose} disabled={submitting}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button type="submit" form={formId} colorPalette="brand" loading={submitting} disabled={submitDisabled} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </>
  );
  return (
    <DialogFrame {...frameProps} size={size} placement={placement} onOpenChange={handleOpenChange}>
      {formId ? (
        frame
      ) : (
        <form noValidate onSubmit={onSubmit}>
          {frame}
        </form>
      )}
    </DialogFrame>
  );
}
