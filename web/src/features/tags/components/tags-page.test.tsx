import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { TagsPage } from './tags-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const vip = { id: 1, name: 'VIP', color: '#ffcc00', kanban: 1, companyId: 7, ticketsCount: 12, userId: 3 };

describe('tags page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('lists each tag as a chip in its colour with its ticket count', async () => {
    stubApi(on('GET', '/tags/', 200, { tags: [vip], hasMore: false }));
    renderWithProviders(<TagsPage companyId={7} canEditKanban={false} />);
    const row = await screen.findByTestId('tags-row');
    const chip = within(row).getByTestId('tag-chip');
    expect(chip.textContent).toBe('VIP');
    expect(chip.style.backgroundColor).toBe('rgb(255, 204, 0)');
    expect(within(row).getByText('12')).toBeTruthy();
  });

  it('the dialog asks for a name of at least 3 characters; the kanban toggle only for those who may set it', async () => {
    const calls = stubApi(
      on('GET', '/tags/', 200, { tags: [], hasMore: false }),
      on('POST', '/tags', 201, { ...vip, id: 2, name: 'Novo' }),
    );
    renderWithProviders(<TagsPage companyId={7} canEditKanban={false} />);
    await screen.findByTestId('tags-empty');
    fireEvent.click(screen.getByTestId('tags-add'));
    await screen.findByTestId('tag-name');
    expect(screen.queryByTestId('tag-kanban')).toBeNull();
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    fireEvent.change(screen.getByTestId('tag-name'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('Mensagem muito curta')).toBeTruthy();
    fireEvent.change(screen.getByTestId('tag-name'), { target: { value: 'Novo' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Novo', color: '#A4CCCC' });
  });

  it('an admin or supervisor edits the kanban flag; a taken name shows under the field', async () => {
    const calls = stubApi(
      on('GET', '/tags/', 200, { tags: [vip], hasMore: false }),
      on('PUT', '/tags/1', 400, { error: 'ERR_VALIDATION', message: 'taken', fields: [{ path: 'name', message: 'Tag já existe' }] }),
    );
    renderWithProviders(<TagsPage companyId={7} canEditKanban />);
    fireEvent.click(await screen.findByTestId('tags-edit'));
    const toggle = await screen.findByTestId('tag-kanban');
    expect((within(toggle).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(toggle).getByRole('checkbox'));
    await waitFor(() => expect((within(toggle).getByRole('checkbox') as HTMLInputElement).checked).toBe(false));
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('Tag já existe')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'VIP', color: '#ffcc00', kanban: 0 });
  });

  it('deleting asks first, then calls DELETE /tags/{id}', async () => {
    const calls = stubApi(
      on('GET', '/tags/', 200, { tags: [vip], hasMore: false }),
      on('DELETE', '/tags/1', 200, { message: 'Tag deletada' }),
    );
    renderWithProviders(<TagsPage companyId={7} canEditKanban={false} />);
    fireEvent.click(await screen.findByTestId('tags-delete'));
    expect(await screen.findByText('Deseja realmente excluir este registro?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/tags/1')).toBe(true));
  });
});
