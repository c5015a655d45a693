import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HelpCenter } from '@/features/helps/components/help-center';
import { TUTORIAL_CATEGORIES } from '@/features/helps/types';
import { TUTORIALS } from '@/features/helps/utils/tutorials';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

describe('help centre', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('every category has tutorials of 2 to 9 minutes', () => {
    for (const category of TUTORIAL_CATEGORIES) expect(TUTORIALS.some((item) => item.category === category)).toBe(true);
    for (const item of TUTORIALS) {
      expect(item.minutes).toBeGreaterThanOrEqual(2);
      expect(item.minutes).toBeLessThanOrEqual(9);
    }
  });

  it('a tutorial opens its steps and Escape closes them', async () => {
    stubApi(on('GET', '/helps/list', 200, []));
    renderWithProviders(<HelpCenter />);
    expect(screen.getByText('Configuração inicial')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tutorial-connectWhatsapp'));
    const dialog = await screen.findByTestId('tutorial-dialog');
    expect(dialog.textContent).toContain('Conectando um número de WhatsApp');
    expect(dialog.querySelectorAll('li')).toHaveLength(4);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('tutorial-dialog')?.dataset.state ?? 'closed').toBe('closed'));
  });

  it('the videos tab says when there is none, and lists the help videos otherwise', async () => {
    stubApi(on('GET', '/helps/list', 200, []));
    const { unmount } = renderWithProviders(<HelpCenter />);
    fireEvent.click(screen.getByRole('tab', { name: 'Vídeos' }));
    expect(await screen.findByText('Nenhum vídeo tutorial disponível no momento.')).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();

    stubApi(
      on('GET', '/helps/list', 200, [
        { id: 1, title: 'Primeiros passos', description: 'Tour', video: 'abc123', createdAt: '', updatedAt: '' },
      ]),
    );
    renderWithProviders(<HelpCenter />);
    fireEvent.click(screen.getByRole('tab', { name: 'Vídeos' }));
    fireEvent.click(await screen.findByTestId('help-video'));
    const player = (await screen.findByTestId('video-dialog')).querySelector('iframe');
    expect(player?.getAttribute('src')).toBe('https://www.youtube.com/embed/abc123');
  });
});
