import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

import { getErrorDetails, getErrorMessage } from '@/lib/errors';
import { i18n } from '@/lib/i18n';

/** Toast duration of the spec (section 9). */
export const TOAST_DURATION_MS = 2000;

export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 5,
});

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description whiteSpace="pre-line">{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

/** Shows a failed request as the spec says (section 8): translated code, raw text, or generic text. */
export function toastError(error: unknown): void {
  toaster.create({
    type: 'error',
    title: getErrorMessage(error, i18n),
    description: getErrorDetails(error),
    duration: TOAST_DURATION_MS,
    closable: true,
  });
}

export function toastSuccess(title: string): void {
  toaster.create({ type: 'success', title, duration: TOAST_DURATION_MS, closable: true });
}

export function toastWarning(title: string): void {
  toaster.create({ type: 'warning', title, duration: 3000, closable: true });
}
