import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Toaster, toaster, toastError, toastSuccess } from '@/components/ui/toaster';
import { TOP_BAR_HEIGHT } from '@/config/layout';
import { renderWithProviders } from '@/testing/test-utils';

describe('toaster', () => {
  afterEach(() => {
    act(() => toaster.remove());
  });

  it('places toasts below the top bar, so they never cover its language select, theme toggle or bell', async () => {
    renderWithProviders(<Toaster />);
    act(() => toastSuccess('Contato salvo'));
    const toast = await screen.findByTestId('toast-success');
    const group = toast.closest<HTMLElement>('[data-part="group"]');
    expect(group?.dataset.placement).toBe('top-end');
    const top = group?.style.getPropertyValue('--viewport-offset-top') ?? '';
    // The offset from the top of the window is the top bar's height plus a margin, never less.
    expect(top).toMatch(new RegExp(`^calc\\(${TOP_BAR_HEIGHT.replace('.', '\\.')} \\+ [0-9.]+rem\\)$`));
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
