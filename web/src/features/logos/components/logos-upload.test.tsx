import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LogosUpload } from '@/features/logos/components/logos-upload';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

/** GET /logos names every destination; null where none was uploaded. */
const noLogos = { signup: null, login: null, interno: null, favicon: null, 'favicon-256x256': null, 'apple-touch-icon': null };

function choose(file: File) {
  fireEvent.change(screen.getByTestId('logo-file'), { target: { files: [file] } });
}

describe('logos and icons upload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a file, a PNG/ICO/SVG one, and a destination', async () => {
    const calls = stubApi(on('GET', '/logos', 200, noLogos));
    renderWithProviders(<LogosUpload />);
    fireEvent.click(screen.getByTestId('logo-submit'));
    expect(await screen.findByText('Escolha um arquivo!')).toBeTruthy();
    choose(new File(['x'], 'logo.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Use somente arquivos em formato PNG, ICO ou SVG!')).toBeTruthy();
    choose(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    fireEvent.click(screen.getByTestId('logo-submit'));
    expect(await screen.findByText('Escolha um destino!')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('uploads to the chosen destination as multipart "file"', async () => {
    const calls = stubApi(
      on('GET', '/logos', 200, noLogos),
      on('POST', '/settings/media-upload', 201, { mensagem: 'Arquivo Anexado', url: '/api/logos/login' }),
    );
    renderWithProviders(<LogosUpload />);
    fireEvent.change(screen.getByTestId('logo-destination'), { target: { value: 'login' } });
    choose(new File(['png'], 'marca.png', { type: 'image/png' }));
    fireEvent.click(screen.getByTestId('logo-submit'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const upload = calls.find((call) => call.method === 'POST')!;
    expect(upload.url).toBe('/api/settings/media-upload?ref=login');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
  });
});
