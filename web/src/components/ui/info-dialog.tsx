import { Dialog } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

import { DialogFrame, type DialogFrameProps } from './dialog-frame';

type InfoDialogProps = Omit<DialogFrameProps, 'onOpenChange' | 'role' | 'closeDisabled'> & {
  onClose: () => void;
  title: ReactNode;
  bodyProps?: ComponentProps<typeof Dialog.Body>;
};

/** A dialog that shows something and has no form: a title, the content, the close button; Escape closes it. */
export function InfoDialog({ onClose, title, bodyProps, children, ...frame }: InfoDialogProps) {
  function handleOpenChange(details: { open: boolean }) {
    if (!details.open) onClose();
  }

  return (
    <DialogFrame {...frame} onOpenChange={handleOpenChange}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body {...bodyProps}>{children}</Dialog.Body>
    </DialogFrame>
  );
}
