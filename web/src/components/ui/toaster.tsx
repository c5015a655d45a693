import { Box, createToaster, IconButton, Portal, Spinner, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { type ReactNode, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { ChevronDownIcon, ChevronUpIcon } from '@/components/ui/shell-icons';
import { getErrorDetails, getErrorMessage } from '@/lib/errors';
import { i18n } from '@/lib/i18n';

/** Toast duration of the spec (section 9). */
export const TOAST_DURATION_MS = 2000;

/**
 * The box a toast stands in, as CSS variables: the signed-in shell's top bar keeps a status area
 * (where its greeting is) and publishes that area's place with `useToastArea`; pages without the
 * shell (login, sign-up) fall back to a strip at the window's top (decision 0048).
 */
export const TOAST_AREA_VARIABLES = {
  top: '--toast-area-top',
  left: '--toast-area-left',
  right: '--toast-area-right',
  height: '--toast-area-height',
  /** Where the area ends: dialogs and drawers open below it, so a toast never lies over them. */
  bottom: '--toast-area-bottom',
} as const;

/** A toast fills the area's width up to this (a line longer than this is hard to read). */
export const TOAST_MAX_WIDTH = '40rem';

export const TOASTER_OFFSETS = {
  top: `var(${TOAST_AREA_VARIABLES.top}, 12px)`,
  right: `var(${TOAST_AREA_VARIABLES.right}, 1rem)`,
  bottom: '12px',
  left: `var(${TOAST_AREA_VARIABLES.left}, 1rem)`,
};

/**
 * One toast at a time, in the top bar's status area: it takes the greeting's place, so it moves
 * nothing and covers no control; a newer outcome replaces the one shown, as a status line does.
 */
export const toaster = createToaster({
  // 'top' sets both inline insets, so the group spans the area; each toast starts at its start edge.
  placement: 'top',
  offsets: TOASTER_OFFSETS,
  overlap: false,
  pauseOnPageIdle: true,
  max: 1,
});

/** The ids of the toasts on screen (mounted, their leaving animation included). */
const onScreen = { ids: new Set<string>(), listeners: new Set<() => void>() };

function setOnScreen(id: string, shown: boolean): void {
  const had = onScreen.ids.size > 0;
  if (shown) onScreen.ids.add(id);
  else onScreen.ids.delete(id);
  if (had !== onScreen.ids.size > 0) for (const listener of onScreen.listeners) listener();
}

function subscribeToOnScreen(listener: () => void): () => void {
  onScreen.listeners.add(listener);
  return () => onScreen.listeners.delete(listener);
}

/** Whether a toast is on screen: the top bar hides its greeting behind it meanwhile. */
export function useToastShowing(): boolean {
  return useSyncExternalStore(
    subscribeToOnScreen,
    () => onScreen.ids.size > 0,
    () => false,
  );
}

const toastRefs = new Map<string, (element: HTMLElement | null) => (() => void) | undefined>();

/** Counts a toast as on screen while its element is mounted (one ref per toast, so renders keep it). */
function trackedToast(id: string) {
  let ref = toastRefs.get(id);
  if (!ref) {
    ref = (element: HTMLElement | null) => {
      if (!element) return undefined;
      setOnScreen(id, true);
      return () => {
        toastRefs.delete(id);
        setOnScreen(id, false);
      };
    };
    toastRefs.set(id, ref);
  }
  return ref;
}

/**
 * Publishes the status area's place (the element the ref is given) as the toast area's variables,
 * kept up to date as the area or the window changes size, and removed when the area goes.
 */
export function useToastArea<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return undefined;
    const root = document.documentElement.style;
    const publish = () => {
      const box = area.getBoundingClientRect();
      root.setProperty(TOAST_AREA_VARIABLES.top, `${box.top}px`);
      root.setProperty(TOAST_AREA_VARIABLES.left, `${box.left}px`);
      root.setProperty(TOAST_AREA_VARIABLES.right, `${document.documentElement.clientWidth - box.right}px`);
      root.setProperty(TOAST_AREA_VARIABLES.height, `${box.height}px`);
      root.setProperty(TOAST_AREA_VARIABLES.bottom, `${box.bottom}px`);
    };
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(area);
    window.addEventListener('resize', publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', publish);
      for (const variable of Object.values(TOAST_AREA_VARIABLES)) root.removeProperty(variable);
    };
  }, []);
  return ref;
}

type ToastTextProps = { title: ReactNode; description: ReactNode; expanded: boolean; onOverflowChange: (overflows: boolean) => void };

/** Title and description as one text, cut to the area's two lines unless expanded. */
function ToastText({ title, description, expanded, onOverflowChange }: ToastTextProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const text = ref.current;
    if (!text || expanded) return undefined;
    const check = () => onOverflowChange(text.scrollHeight > text.clientHeight + 1);
    check();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(text);
    return () => observer?.disconnect();
  }, [title, description, expanded, onOverflowChange]);
  return (
    <Box
      ref={ref}
      flex="1"
      minW="0"
      lineClamp={expanded ? undefined : 2}
      overflowWrap="anywhere"
      lineHeight={{ base: '1rem', md: '1.125rem' }}
      data-testid="toast-text"
    >
      {title && (
        <Toast.Title display="inline" lineHeight="inherit">
          {title}
        </Toast.Title>
      )}
      {description && (
        <Toast.Description whiteSpace="pre-line" lineHeight="inherit">
          {description}
        </Toast.Description>
      )}
    </Box>
  );
}

type AreaToastProps = { id?: string; title: ReactNode; description: ReactNode; type?: string; closable?: boolean };

/**
 * A toast as tall as the status area: its words in two lines and, when they do not fit, a button
 * that opens the whole text below (the user asked for it, so it may lie over the page meanwhile;
 * the pointer or focus on it holds the toast's timer).
 */
function AreaToast({ id, title, description, type, closable }: AreaToastProps) {
  const { t } = useTranslation();
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);
  return (
    <Toast.Root
      ref={id ? trackedToast(id) : undefined}
      insetInlineStart="0"
      width="100%"
      maxWidth={{ md: TOAST_MAX_WIDTH }}
      height={expanded ? 'auto' : `var(${TOAST_AREA_VARIABLES.height}, auto)`}
      maxHeight={`calc(100dvh - var(${TOAST_AREA_VARIABLES.top}, 12px) - 12px)`}
      overflowY={expanded ? 'auto' : 'hidden'}
      alignItems={expanded ? 'flex-start' : 'center'}
      gap="2"
      py="1"
      ps="3"
      pe="1"
      boxShadow="md"
      data-testid={`toast-${type ?? 'info'}`}
    >
      {type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
      <ToastText title={title} description={description} expanded={expanded} onOverflowChange={setOverflows} />
      {(overflows || expanded) && (
        <IconButton
          size="2xs"
          variant="ghost"
          color="inherit"
          flexShrink={0}
          aria-expanded={expanded}
          aria-label={expanded ? t('layout.toastShowLess') : t('layout.toastShowAll')}
          onClick={() => setExpanded((open) => !open)}
          data-testid="toast-expand"
        >
          {expanded ? <ChevronUpIcon /> : <ChevronDownIcon />}
        </IconButton>
      )}
      {closable && <Toast.CloseTrigger position="static" flexShrink={0} />}
    </Toast.Root>
  );
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster}>
        {(toast) => (
          <AreaToast
            key={toast.id}
            id={toast.id}
            title={toast.title}
            description={toast.description}
            type={toast.type}
            closable={toast.closable}
          />
        )}
      </ChakraToaster>
    </Portal>
  );
}

/**
 * The same words shown twice while the first is still up are one toast:
 * two code paths reporting the same outcome of one action (a request's answer and its socket event)
 * show it once.
 */
function toastId(type: string, title: string): string {
  return `${type}:${title}`;
}

function showOnce(options: Parameters<typeof toaster.create>[0] & { id: string }): void {
  // The newer outcome takes the area at once, an error's too: kept, it would hold back the outcome of
  // the retry that mended it (sign-up: no plan chosen, then 'Código enviado' waiting seconds). The
  // same words again update their own toast.
  for (const shown of toaster.getVisibleToasts()) if (shown.id !== options.id) toaster.remove(shown.id);
  toaster.create(options);
}

/** Shows a failed request as the spec says (section 8): translated code, raw text, or generic text. */
export function toastError(error: unknown): void {
  const title = getErrorMessage(error, i18n);
  showOnce({
    id: toastId('error', title),
    type: 'error',
    title,
    description: getErrorDetails(error),
    duration: TOAST_DURATION_MS,
    closable: true,
  });
}

export function toastSuccess(title: string): void {
  showOnce({ id: toastId('success', title), type: 'success', title, duration: TOAST_DURATION_MS, closable: true });
}

export function toastWarning(title: string): void {
  showOnce({ id: toastId('warning', title), type: 'warning', title, duration: 3000, closable: true });
}
