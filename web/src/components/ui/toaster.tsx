import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

import { TOP_BAR_HEIGHT } from '@/config/layout';
import { getErrorDetails, getErrorMessage } from '@/lib/errors';
import { i18n } from '@/lib/i18n';

/** Toast duration of the spec (section 9). */
export const TOAST_DURATION_MS = 2000;

/** Toasts start below the top bar, so its language, theme and bell stay reachable (decision 0030). */
export const TOASTER_OFFSETS = {
  top: `calc(${TOP_BAR_HEIGHT} + 0.75rem)`,
  right: '1rem',
  bottom: '1rem',
  left: '1rem',
};

export const toaster = createToaster({
  placement: 'top-end',
  offsets: TOASTER_OFFSETS,
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

/**
 * The same words shown twice while the first is still up are one toast: two code paths reporting the
 * same outcome of one action (a request's answer and its socket event) show it once.
 */
function toastId(type: string, title: string): string {
  return `${type}:${title}`;
}

/** Shows a failed request as the spec says (section 8): translated code, raw text, or generic text. */
export function toastError(error: unknown): void {
  const title = getErrorMessage(error, i18n);
  toaster.create({
    id: toastId('error', title),
    type: 'error',
    title,
    description: getErrorDetails(error),
    duration: TOAST_DURATION_MS,
    closable: true,
  });
}

export function toastSuccess(title: string): void {
  toaster.create({ id: toastId('success', title), type: 'success', title, duration: TOAST_DURATION_MS, closable: true });
}

export function toastWarning(title: string): void {
  toaster.create({ id: toastId('warning', title), type: 'warning', title, duration: 3000, closable: true });
}
