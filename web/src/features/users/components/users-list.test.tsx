import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAppQueryClient } from '@/app/provider';
import { Toaster, toaster } from '@/components/ui/toaster';
import { system } from '@/lib/theme';
import { on, stubApi } from '@/testing/fake-api';

import { UsersList } from './users-list';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const aUser = (id: number, name: string) => ({
  id,
  name,
  email: `${name.toLowerCase()}@acme.test`,
  profile: 'admin' as const,
  super: false,
  allTicket: 'desabled' as const,
  whatsappId: null,
  online: false,
  lastSeenAt: null,
  companyId: 7,
  queues: [],
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
});

function renderList() {
  // The app's own query client: its default toasts failed mutations that are not silent.
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={createAppQueryClient()}>
        <UsersList companyId={7} currentUserId={1} canEditProfile canEditQueues />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('users list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('the signed-in user has no delete button on their own row; others do', async () => {
    stubApi(on('GET', '/users', 200, { users: [aUser(1, 'Admin'), aUser(2, 'Bia')], count: 2, hasMore: false }));
    renderList();
    const own = (await screen.findByText('Admin')).closest('tr')!;
    const other = screen.getByText('Bia').closest('tr')!;
    expect(within(own).queryByTestId('users-delete')).toBeNull();
    expect(within(own).getByTestId('users-edit')).toBeTruthy();
    expect(within(other).getByTestId('users-delete')).toBeTruthy();
  });

  it('a refused delete says why in the chosen language, once, and nothing is left uncaught', async () => {
    const unhandled = vi.fn();
    window.addEventListener('unhandledrejection', unhandled);
    stubApi(
      on('GET', '/users', 200, { users: [aUser(1, 'Admin'), aUser(2, 'Bia')], count: 2, hasMore: false }),
      on('DELETE', '/users/2', 409, { error: 'ERR_USER_DELETE_SELF', message: 'You cannot delete yourself' }),
    );
    renderList();
    const other = (await screen.findByText('Bia')).closest('tr')!;
    fireEvent.click(within(other).getByTestId('users-delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await screen.findByText('Você não pode excluir o seu próprio usuário.');
    await waitFor(() => expect(screen.getAllByTestId('toast-error')).toHaveLength(1));
    expect(screen.queryByText('You cannot delete yourself')).toBeNull();
    expect(unhandled).not.toHaveBeenCalled();
    window.removeEventListener('unhandledrejection', unhandled);
  });
});
