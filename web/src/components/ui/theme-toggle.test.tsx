import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ThemeToggle } from '@/components/ui/theme-toggle';
import { renderWithProviders } from '@/testing/test-utils';

function stubSystemDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('dark') ? dark : false,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );
}

describe('theme toggle', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is labelled "Alternar tema" and starts from the system dark preference when nothing is stored', async () => {
    stubSystemDark(true);
    renderWithProviders(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Alternar tema' });
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(button.dataset.colorMode).toBe('dark');
    expect(localStorage.getItem('preferredTheme')).toBeNull();
  });

  it('a click switches the mode, sets the <html> class and keeps the choice in preferredTheme', async () => {
    stubSystemDark(false);
    renderWithProviders(<ThemeToggle />);
    await waitFor(() => expect(document.documentElement.classList.contains('light')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Alternar tema' }));
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(localStorage.getItem('preferredTheme')).toBe('dark');

    fireEvent.click(screen.getByRole('button', { name: 'Alternar tema' }));
    await waitFor(() => expect(document.documentElement.classList.contains('light')).toBe(true));
    expect(localStorage.getItem('preferredTheme')).toBe('light');
  });

  it('a stored choice wins over the system preference', async () => {
    stubSystemDark(true);
    localStorage.setItem('preferredTheme', 'light');
    renderWithProviders(<ThemeToggle />);
    await waitFor(() => expect(document.documentElement.classList.contains('light')).toBe(true));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
