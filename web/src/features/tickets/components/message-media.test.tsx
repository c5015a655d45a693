import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aMessage } from '../testing/ticket-factory';
import { MessageMedia } from './message-media';

const mediaUrl = '/api/whatsapp-media/companies/1/whatsapp/2/ABC-foto.png';
const signed = '/api/whatsapp-media/signed/companies/1/whatsapp/2/ABC-foto.png?expires=1&signature=s';

describe('message media', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a customer's image is shown and opened from a signed server URL, never from a blob URL of the app's origin", async () => {
    const createObjectURL = vi.fn(() => 'blob:http://localhost/evil');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
    const calls = stubApi(on('POST', '/whatsapp-media/links', 200, { url: signed, expiresAt: '2030-01-01T00:00:00.000Z' }));
    renderWithProviders(<MessageMedia message={aMessage({ mediaType: 'image', mediaUrl, fileName: 'foto.png' })} />);
    const image = await screen.findByTestId('message-image');
    expect(image.getAttribute('src')).toBe(signed);
    expect(screen.getByTestId('message-image-link').getAttribute('href')).toBe(signed);
    expect(calls).toContainEqual({ method: 'POST', url: '/api/whatsapp-media/links', body: { url: mediaUrl } });
    expect(calls.some((call) => call.url === mediaUrl)).toBe(false);
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('a document downloads from the signed server URL; a media URL that is not a web URL is not used', async () => {
    stubApi(on('POST', '/whatsapp-media/links', 200, { url: signed, expiresAt: '2030-01-01T00:00:00.000Z' }));
    renderWithProviders(<MessageMedia message={aMessage({ mediaType: 'application', mediaUrl, fileName: 'relatório_ação.pdf' })} />);
    await waitFor(() => expect(screen.getByTestId('message-download').getAttribute('href')).toBe(signed));
    expect(screen.getByTestId('message-download').textContent).toContain('relatório_ação.pdf');

    renderWithProviders(<MessageMedia message={aMessage({ id: 99, mediaType: 'image', mediaUrl: 'javascript:alert(1)' })} />);
    expect(screen.queryAllByTestId('message-image')).toHaveLength(0);
  });

  it("an audio's transcript is shown under it; an audio not transcribed shows none", async () => {
    const audioUrl = '/api/whatsapp-media/companies/1/whatsapp/2/ABC-voz.ogg';
    stubApi(on('POST', '/whatsapp-media/links', 200, { url: signed, expiresAt: '2030-01-01T00:00:00.000Z' }));
    renderWithProviders(
      <MessageMedia message={aMessage({ mediaType: 'audio', mediaUrl: audioUrl, transcript: 'Quero dois pães de queijo' })} />,
    );
    expect((await screen.findByTestId('message-transcript')).textContent).toBe('Transcrição: Quero dois pães de queijo');
    expect(await screen.findByTestId('message-audio')).toBeTruthy();

    renderWithProviders(<MessageMedia message={aMessage({ id: 98, mediaType: 'audio', mediaUrl: audioUrl })} />);
    await waitFor(() => expect(screen.getAllByTestId('message-audio')).toHaveLength(2));
    expect(screen.getAllByTestId('message-transcript')).toHaveLength(1);
  });
});
