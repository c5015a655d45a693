import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';

import { getErrorDetails, getErrorMessage } from '@/lib/errors';
import { i18n } from '@/lib/i18n';

/** Toast duration of the spec (section 9). */
export const TOAST_DURATION_MS = 2000;

/** Space between two toasts and between a toast and the window's bottom edge, in px. */
export const TOAST_GAP_PX = 12;

/**
 * Toasts stand at the bottom of the window, in a shelf the signed-in shell keeps free for them
 * (`useToastShelfHeight`): the page is shortened by their height while they show, so they cover
 * none of its controls, the top bar's or the page's own; open dialogs and drawers are shortened the
 * same way, through the `--toast-shelf` variable (decision 0030).
 */
export const TOASTER_OFFSETS = {
  top: `${TOAST_GAP_PX}px`,
  right: '1rem',
  bottom: `${TOAST_GAP_PX}px`,
  left: '1rem',
};

export const toaster = createToaster({
  placement: 'bottom-end',
  offsets: TOASTER_OFFSETS,
  gap: TOAST_GAP_PX,
  overlap: false,
  pauseOnPageIdle: true,
  max: 5,
});

/** The CSS variable holding the shelf's height, for what the shell does not hold (dialogs, drawers). */
export const TOAST_SHELF_VARIABLE = '--toast-shelf';

/** The heights of the toasts on screen, by toast id, as their elements report them. */
const shelf = { heights: new Map<string, number>(), height: 0, listeners: new Set<() => void>() };

function setToastHeight(id: string, height: number | null): void {
  if (height === null) shelf.heights.delete(id);
  else shelf.heights.set(id, height);
  const heights = [...shelf.heights.values()];
  const next = heights.length === 0 ? 0 : heights.reduce((sum, each) => sum + each, 0) + TOAST_GAP_PX * (heights.length + 1);
  if (next === shelf.height) return;
  shelf.height = next;
  // Dialogs and drawers stand above the shell: their positioners keep the same space free (theme.ts).
  document.documentElement.style.setProperty(TOAST_SHELF_VARIABLE, `${next}px`);
  for (const listener of shelf.listeners) listener();
}

function subscribeToShelf(listener: () => void): () => void {
  shelf.listeners.add(listener);
  return () => shelf.listeners.delete(listener);
}

/**
 * The height, in px, the toasts on screen take at the bottom of the window with their gaps; 0 when
 * none shows. The shell keeps that much free below the page.
 */
export function useToastShelfHeight(): number {
  return useSyncExternalStore(
    subscribeToShelf,
    () => shelf.height,
    () => 0,
  );
}

const toastRefs = new Map<string, (element: HTMLElement | null) => (() => void) | undefined>();

/** Reports a toast's height to the shelf while it is on screen (one ref per toast, so renders keep it). */
function measuredToast(id: string) {
  let ref = toastRefs.get(id);
  if (!ref) {
    ref = (element: HTMLElement | null) => {
      if (!element) return undefined;
      const report = () => setToastHeight(id, element.offsetHeight);
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(report);
      observer?.observe(element);
      report();
      return () => {
        observer?.disconnect();
        toastRefs.delete(id);
        setToastHeight(id, null);
      };
    };
    toastRefs.set(id, ref);
  }
  return ref;
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root
            ref={toast.id ? measuredToast(toast.id) : undefined}
            width={{ md: 'sm' }}
            data-testid={`toast-${toast.type ?? 'info'}`}
          >
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
