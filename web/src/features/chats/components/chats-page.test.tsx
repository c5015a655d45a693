import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { ChatsPage } from './chats-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const chat = {
  id: 9,
  uuid: '3f1c2a4e-0000-4000-8000-000000000009',
  title: 'Plantão',
  ownerId: 1,
  users: [
    { userId: 1, unreads: 0, user: { id: 1, name: 'Admin' } },
    { userId: 2, unreads: 2, user: { id: 2, name: 'Ana' } },
  ],
  lastMessage: 'Quem cobre sábado?',
  updatedAt: '2026-11-25T10:00:00.000Z',
};
const message = {
  id: 3,
  chatId: 9,
  message: 'Quem cobre sábado?',
  senderId: 1,
  sender: { id: 1, name: 'Admin' },
  createdAt: '2026-11-25T10:00:00.000Z',
};

describe('the internal chat page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the user's chats with their unread counts; opening one marks it read and shows its messages", async () => {
    const calls = stubApi(
      on('GET', '/chats', 200, { records: [chat], hasMore: false }),
      on('GET', '/chats/9/messages', 200, { records: [message], hasMore: false }),
      on('POST', '/chats/9/read', 200, { ...chat, users: chat.users.map((u) => ({ ...u, unreads: 0 })) }),
    );
    renderWithProviders(<ChatsPage companyId={1} userId={2} selectedUuid={chat.uuid} onSelect={() => undefined} />);
    const item = await screen.findByTestId('chats-item');
    expect(within(item).getByTestId('chats-item-unreads').textContent).toBe('2');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/chats/9/read')).toBe(true));
    expect(calls.find((call) => call.url === '/api/chats/9/read')?.body).toEqual({ userId: 2 });
    expect((await screen.findByTestId('chat-message')).textContent).toContain('Quem cobre sábado?');
    // Ana is a member, not the owner: no edit or delete.
    expect(screen.queryByTestId('chat-edit')).toBeNull();
  });

  it('empty or blank messages are not sent; a message is sent trimmed', async () => {
    const calls = stubApi(
      on('GET', '/chats', 200, { records: [chat], hasMore: false }),
      on('GET', '/chats/9/messages', 200, { records: [], hasMore: false }),
      on('POST', '/chats/9/read', 200, chat),
      on('POST', '/chats/9/messages', 201, { ...message, id: 4, message: 'Eu cubro', senderId: 2, sender: { id: 2, name: 'Ana' } }),
    );
    renderWithProviders(<ChatsPage companyId={1} userId={2} selectedUuid={chat.uuid} onSelect={() => undefined} />);
    const input = await screen.findByTestId('chat-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  Eu cubro ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/chats/9/messages' && call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/chats/9/messages')?.body).toEqual({ message: 'Eu cubro' });
    expect(await screen.findByText('Eu cubro')).toBeTruthy();
  });

  it('the dialog asks for a title and at least one user; the owner sees edit and delete', async () => {
    stubApi(
      on('GET', '/chats', 200, { records: [chat], hasMore: false }),
      on('GET', '/chats/9/messages', 200, { records: [], hasMore: false }),
      on('GET', '/users/list', 200, []),
    );
    renderWithProviders(<ChatsPage companyId={1} userId={1} selectedUuid={chat.uuid} onSelect={() => undefined} />);
    expect(await screen.findByTestId('chat-edit')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chats-add'));
    fireEvent.click(await screen.findByTestId('chat-save'));
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Selecione ao menos um usuário');
  });
});
