import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { UserModal } from '@/features/users/components/user-modal';
import { aConnection, aQueue, aUser } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

const queues = [aQueue({ id: 1, name: 'Vendas' }), aQueue({ id: 2, name: 'Suporte' })];
const connections = [aConnection({ id: 4, name: 'Comercial' })];

describe('user modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an admin sets every field, including queues, connection and allTicket', async () => {
    const calls = stubApi(
      on('GET', '/queue', 200, queues),
      on('GET', '/whatsapp', 200, connections),
      on('POST', '/users', 201, aUser({ id: 9, name: 'Bia', email: 'bia@example.com' })),
    );
    const onClose = vi.fn();
    renderWithProviders(<UserModal open user={null} canEditProfile canEditQueues onClose={onClose} />);

    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Bia' } });
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'bia@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Perfil/), { target: { value: 'admin' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Suporte' }));
    await screen.findByRole('option', { name: 'Comercial' });
    fireEvent.change(screen.getByLabelText(/Conexão padrão/), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText(/Ver chamados sem fila/), { target: { value: 'enabled' } });
    fireEvent.click(screen.getByTestId('user-modal-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/users')?.body).toEqual({
      name: 'Bia',
      email: 'bia@example.com',
      password: 'secret',
      profile: 'admin',
      allTicket: 'enabled',
      whatsappId: 4,
      queueIds: [2],
    });
  });

  it('without editProfile and editQueues only name, e-mail and password are shown and sent', async () => {
    const calls = stubApi(on('PUT', '/users/3', 200, aUser({ id: 3, name: 'Caio Lima', email: 'caio@example.com', profile: 'user' })));
    const onClose = vi.fn();
    renderWithProviders(
      <UserModal
        open
        user={aUser({ id: 3, name: 'Caio', email: 'caio@example.com', profile: 'user' })}
        canEditProfile={false}
        canEditQueues={false}
        onClose={onClose}
      />,
    );
    await screen.findByLabelText(/^Nome/);
    expect(screen.queryByLabelText(/^Perfil/)).toBeNull();
    expect(screen.queryByText('Filas')).toBeNull();
    expect(screen.queryByLabelText(/Conexão padrão/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Caio Lima' } });
    fireEvent.click(screen.getByTestId('user-modal-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Caio Lima', email: 'caio@example.com' });
    expect(calls.some((call) => call.url.startsWith('/api/queue') || call.url.startsWith('/api/whatsapp'))).toBe(false);
  });

  it('shows the validation messages and does not save', async () => {
    const calls = stubApi();
    renderWithProviders(<UserModal open user={null} canEditProfile canEditQueues onClose={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'B' } });
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('user-modal-save'));
    expect(await screen.findAllByText('Muito curto!')).toHaveLength(2);
    expect(screen.getByText('E-mail inválido')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
