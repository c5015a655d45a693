import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TOAST_AREA_VARIABLES, Toaster, toaster, toastError, toastSuccess, useToastArea, useToastShowing } from '@/components/ui/toaster';
import { renderWithProviders } from '@/testing/test-utils';

/** A top bar's status area: publishes its place, and hides its greeting while a toast shows. */
function StatusArea() {
  const ref = useToastArea<HTMLDivElement>();
  return (
    <div ref={ref} data-testid="area">
      <span data-testid="greeting" data-hidden={useToastShowing()}>
        Olá
      </span>
    </div>
  );
}

describe('toaster', () => {
  /** The ResizeObservers the toaster made, to tell them something changed size. */
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

  it("shows a toast in the top bar's status area, in the greeting's place, while the area publishes where it is", async () => {
    const { unmount } = renderWithProviders(
      <>
        <StatusArea />
        <Toaster />
      </>,
    );
    const area = screen.getByTestId('area');
    area.getBoundingClientRect = () => ({
      top: 4,
      left: 60,
      right: 1100,
      bottom: 52,
      width: 1040,
      height: 48,
      x: 60,
      y: 4,
      toJSON: () => ({}),
    });
    act(() => resized.forEach((report) => report()));
    const root = document.documentElement.style;
    expect(root.getPropertyValue(TOAST_AREA_VARIABLES.top)).toBe('4px');
    expect(root.getPropertyValue(TOAST_AREA_VARIABLES.left)).toBe('60px');
    expect(root.getPropertyValue(TOAST_AREA_VARIABLES.height)).toBe('48px');
    expect(root.getPropertyValue(TOAST_AREA_VARIABLES.bottom)).toBe('52px');
    expect(screen.getByTestId('greeting').dataset.hidden).toBe('false');

    act(() => toastSuccess('Contato salvo'));
    const toast = await screen.findByTestId('toast-success');
    const group = toast.closest<HTMLElement>('[data-part="group"]');
    expect(group?.dataset.placement).toBe('top');
    expect(group?.getAttribute('aria-live')).toBe('polite');
    expect(group?.style.getPropertyValue('--viewport-offset-top')).toBe(`var(${TOAST_AREA_VARIABLES.top}, 12px)`);
    expect(group?.style.getPropertyValue('--viewport-offset-left')).toBe(`var(${TOAST_AREA_VARIABLES.left}, 1rem)`);
    expect(screen.getByTestId('greeting').dataset.hidden).toBe('true');

    act(() => toaster.remove());
    await waitFor(() => expect(screen.queryByTestId('toast-success')).toBeNull());
    expect(screen.getByTestId('greeting').dataset.hidden).toBe('false');
    // Without the top bar (public pages) the toaster falls back to the window's top.
    unmount();
    expect(root.getPropertyValue(TOAST_AREA_VARIABLES.top)).toBe('');
  });

  it('shows one toast at a time: a newer outcome replaces the one shown, an error too', async () => {
    renderWithProviders(<Toaster />);
    act(() => toastSuccess('Contato salvo'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Contato salvo');
    act(() => toastSuccess('Etiqueta salva'));
    expect(await screen.findByText('Etiqueta salva')).toBeTruthy();
    expect(screen.queryByText('Contato salvo')).toBeNull();
    act(() => toastError(new Error('boom')));
    expect(await screen.findByTestId('toast-error')).toBeTruthy();
    act(() => toastSuccess('Fila salva'));
    // The retry that mended the error is what the area says now.
    expect(await screen.findByText('Fila salva')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('toast-error')).toBeNull());
  });

  it('words longer than the area keep their whole text one click away', async () => {
    renderWithProviders(<Toaster />);
    act(() => toastError(new Error('Uma mensagem longa demais para as duas linhas da área de avisos do topo')));
    const toast = await screen.findByTestId('toast-error');
    expect(screen.queryByTestId('toast-expand')).toBeNull();
    // jsdom lays nothing out: the text reports more height than its two lines show.
    const text = screen.getByTestId('toast-text');
    Object.defineProperty(text, 'scrollHeight', { configurable: true, value: 80 });
    Object.defineProperty(text, 'clientHeight', { configurable: true, value: 36 });
    act(() => resized.forEach((report) => report()));
    const expand = await screen.findByTestId('toast-expand');
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expand);
    expect(screen.getByTestId('toast-expand').getAttribute('aria-expanded')).toBe('true');
    expect(toast.textContent).toContain('Uma mensagem longa demais para as duas linhas da área de avisos do topo');
  });

  it('one outcome reported twice while its toast is up shows one toast', async () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toastSuccess('Ticket excluído com sucesso!');
      toastSuccess('Ticket excluído com sucesso!');
      toastError(new Error('boom'));
      toastError(new Error('boom'));
    });
    // The success, replaced by the error, and each reported twice: one toast, the error, once.
    expect(await screen.findAllByTestId('toast-error')).toHaveLength(1);
    expect(screen.queryByTestId('toast-success')).toBeNull();
    expect(toaster.getCount()).toBe(1);
    act(() => toastError(new Error('boom')));
    expect(screen.getAllByTestId('toast-error')).toHaveLength(1);
    act(() => toaster.remove(toaster.getVisibleToasts()[0]!.id));
    await waitFor(() => expect(screen.queryByTestId('toast-error')).toBeNull());
    expect(toaster.getCount()).toBe(0);
  });
});
