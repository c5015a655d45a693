import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  TOAST_GAP_PX,
  TOAST_SHELF_VARIABLE,
  Toaster,
  toaster,
  toastError,
  toastSuccess,
  useToastShelfHeight,
} from '@/components/ui/toaster';
import { renderWithProviders } from '@/testing/test-utils';

/** What the shell keeps free at the bottom for toasts. */
function Shelf() {
  return <div data-testid="shelf" data-height={useToastShelfHeight()} />;
}

describe('toaster', () => {
  /** The ResizeObservers the toaster made, to tell them a toast changed height. */
  const resized: (() => void)[] = [];
  beforeEach(() => {
    resized.length = 0;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(report: () => void) {
          resized.push(report);
        }
        observe() {}
        disconnect() {}
        unobserve() {}
      },
    );
  });
  afterEach(() => {
    act(() => toaster.remove());
    vi.unstubAllGlobals();
  });

  it('places toasts at the bottom, and the shell keeps room for them there while they show', async () => {
    renderWithProviders(
      <>
        <Shelf />
        <Toaster />
      </>,
    );
    expect(screen.getByTestId('shelf').dataset.height).toBe('0');
    act(() => toastSuccess('Contato salvo'));
    const toast = await screen.findByTestId('toast-success');
    const group = toast.closest<HTMLElement>('[data-part="group"]');
    expect(group?.dataset.placement).toBe('bottom-end');
    expect(group?.style.getPropertyValue('--viewport-offset-bottom')).toBe(`${TOAST_GAP_PX}px`);
    // The toast's own height (none in jsdom) as it grows, and a gap above and below it.
    Object.defineProperty(toast, 'offsetHeight', { configurable: true, value: 72 });
    act(() => resized.forEach((report) => report()));
    await waitFor(() => expect(screen.getByTestId('shelf').dataset.height).toBe(String(72 + 2 * TOAST_GAP_PX)));
    // Dialogs and drawers, above the shell, keep the same room through the variable.
    expect(document.documentElement.style.getPropertyValue(TOAST_SHELF_VARIABLE)).toBe(`${72 + 2 * TOAST_GAP_PX}px`);
    act(() => toaster.remove());
    await waitFor(() => expect(screen.getByTestId('shelf').dataset.height).toBe('0'));
    expect(document.documentElement.style.getPropertyValue(TOAST_SHELF_VARIABLE)).toBe('0px');
  });

  it('one outcome reported twice while its toast is up shows one toast', async () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toastSuccess('Ticket excluído com sucesso!');
      toastSuccess('Ticket excluído com sucesso!');
      toastError(new Error('boom'));
      toastError(new Error('boom'));
    });
    expect(await screen.findAllByTestId('toast-success')).toHaveLength(1);
    expect(screen.getAllByTestId('toast-error')).toHaveLength(1);
  });
});
