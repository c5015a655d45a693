import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';
import { QueuesPage } from './queues-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const queue = {
  id: 1,
  name: 'Vendas',
  color: '#2576d2',
  greetingMessage: 'Bem-vindo às vendas',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  orderQueue: 1,
  integrationId: null,
  agentId: null,
  promptId: null,
  mediaPath: null,
  mediaName: null,
  schedules: [],
  companyId: 7,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('queues page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one card per queue, and the add button turns into the limit at the plan maximum', async () => {
    stubApi(on('GET', '/queue', 200, [queue]));
    renderWithProviders(<QueuesPage companyId={7} maxQueues={1} />);
    expect(await screen.findByRole('article', { name: 'Vendas' })).toBeTruthy();
    expect(screen.getByText('Bem-vindo às vendas')).toBeTruthy();
    const add = screen.getByTestId('queues-add') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.textContent).toContain('Limite Atingido (1/1)');
  });

  it('a new queue needs a name of 2 characters, and is sent with the default week', async () => {
    const calls = stubApi(on('GET', '/queue', 200, []), on('POST', '/queue', 200, { ...queue, id: 2, name: 'Suporte' }));
    renderWithProviders(<QueuesPage companyId={7} maxQueues={3} />);
    await screen.findByTestId('queues-empty');
    fireEvent.click(screen.getByTestId('queues-add'));
    fireEvent.change(await screen.findByTestId('queue-name'), { target: { value: 'S' } });
    fireEvent.click(screen.getByTestId('queue-save'));
    expect(await screen.findByText('Too Short!')).toBeTruthy();

    fireEvent.change(screen.getByTestId('queue-name'), { target: { value: 'Suporte' } });
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as { name: string; schedules: unknown[]; orderQueue: unknown };
    expect(body.name).toBe('Suporte');
    expect(body.orderQueue).toBeNull();
    expect(body.schedules).toHaveLength(7);
  });
});
