import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type DialogFrameProps = {
  open: boolean;
  onOpenChange: (details: { open: boolean }) => void;
  testId: string;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  placement?: 'top' | 'center' | 'bottom';
  scrollBehavior?: 'inside' | 'outside';
  role?: 'dialog' | 'alertdialog';
  contentProps?: ComponentProps<typeof Dialog.Content>;
  /** Disables the close button (while something runs that must not be left). */
  closeDisabled?: boolean;
  children: ReactNode;
};

/** The frame every dialog shares: backdrop, positioner, content with its test id and the close button. */
export function DialogFrame({
  open,
  onOpenChange,
  testId,
  size,
  placement,
  scrollBehavior,
  role,
  contentProps,
  closeDisabled,
  children,
}: DialogFrameProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} size={size} placement={placement} scrollBehavior={scrollBehavior} role={role}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...contentProps} data-testid={testId}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} disabled={closeDisabled} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
