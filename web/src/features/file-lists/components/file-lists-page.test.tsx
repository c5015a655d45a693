import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { FileListsPage } from './file-lists-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const at = '2026-11-26T12:00:00.000Z';

describe('file lists page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("the dialog asks for a name of at least 3 ('nome muito curto') and a message ('Obrigatório')", async () => {
    const calls = stubApi(
      on('GET', '/files/', 200, { files: [], count: 0, hasMore: false }),
      on('POST', '/files', 201, {
        id: 3,
        name: 'Catálogo',
        message: 'Olá',
        options: [],
        userId: 1,
        companyId: 7,
        createdAt: at,
        updatedAt: at,
      }),
    );
    renderWithProviders(<FileListsPage companyId={7} />);
    await screen.findByTestId('file-lists-empty');
    fireEvent.click(screen.getByTestId('file-lists-add'));
    fireEvent.change(await screen.findByTestId('file-list-name'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('file-list-save'));
    expect(await screen.findByText('nome muito curto')).toBeTruthy();
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    fireEvent.change(screen.getByTestId('file-list-name'), { target: { value: 'Catálogo' } });
    fireEvent.change(screen.getByTestId('file-list-message'), { target: { value: 'Olá' } });
    fireEvent.click(screen.getByTestId('file-list-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Catálogo', message: 'Olá', options: [] }),
    );
  });
});
