import type { DashboardFigures, DashboardResponse } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { DashboardPage } from './dashboard-page';

const socket = vi.hoisted(() => ({ handlers: new Map<string, () => void>() }));

vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string | null, handler: () => void) => {
    if (name) socket.handlers.set(name, handler);
  },
}));

const figures = (overrides: Partial<DashboardFigures> = {}): DashboardFigures => ({
  created: 0,
  resolved: 0,
  firstResponse: { count: 0, p50: null, p90: null },
  resolution: { count: 0, p50: null, p90: null },
  rating: { count: 0, average: null, distribution: [0, 0, 0, 0, 0], satisfied: null },
  ...overrides,
});

const answer: DashboardResponse = {
  dateFrom: '2026-11-01',
  dateTo: '2026-11-02',
  live: [
    { queueId: null, status: 'pending', count: 2 },
    { queueId: 5, status: 'open', count: 3 },
    { queueId: 5, status: 'pending', count: 1 },
  ],
  days: [
    { day: '2026-11-01', created: 4, resolved: 1, backlog: 5 },
    { day: '2026-11-02', created: 2, resolved: 3, backlog: 6 },
  ],
  totals: figures({
    created: 6,
    resolved: 4,
    firstResponse: { count: 4, p50: 90, p90: 600 },
    resolution: { count: 4, p50: 3900, p90: 90_000 },
    rating: { count: 4, average: 4.25, distribution: [0, 0, 1, 1, 2], satisfied: 0.75 },
  }),
  byUser: [
    { ...figures({ resolved: 4, firstResponse: { count: 4, p50: 90, p90: 600 } }), userId: 2, name: 'Bruna' },
    { ...figures({ resolved: 1 }), userId: 3, name: '=Caio' },
  ],
  byQueue: [{ ...figures({ created: 6 }), queueId: 5, name: 'Suporte' }],
};

const users = [
  { id: 2, name: 'Bruna', email: 'b@x.com', profile: 'user', online: true, queues: [], whatsappId: null },
  { id: 3, name: '=Caio', email: 'c@x.com', profile: 'user', online: false, queues: [], whatsappId: null },
];
const queues = [
  {
    id: 5,
    name: 'Suporte',
    color: '#00ff00',
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    orderQueue: null,
    integrationId: null,
    agentId: null,
    promptId: null,
    mediaPath: null,
    mediaName: null,
    schedules: [],
    companyId: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

describe('admin dashboard page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the live counts, the period figures, CSAT and who is online', async () => {
    stubApi(on('GET', '/dashboard', 200, answer), on('GET', '/users/list', 200, users), on('GET', '/queue', 200, queues));
    renderWithProviders(<DashboardPage companyId={7} />);
    await waitFor(() => expect(screen.getByTestId('stat-pending').textContent).toContain('3'));
    expect(screen.getByTestId('stat-open').textContent).toContain('3');
    expect(screen.getByTestId('stat-created').textContent).toContain('6');
    // To the second (issue 21): 90 s is 1m 30s.
    expect(screen.getByTestId('stat-first-response').textContent).toContain('1m 30s');
    expect(screen.getByTestId('stat-first-response').textContent).toContain('p90: 10m');
    expect(screen.getByTestId('stat-resolution').textContent).toContain('1h 05m');
    expect(screen.getByTestId('stat-csat').textContent).toContain('4.25');
    expect(screen.getByTestId('stat-csat').textContent).toContain('75%');
    expect(screen.getByTestId('stat-online').textContent).toContain('1 / 2');
    const live = within(screen.getByTestId('dashboard-live'));
    expect(await live.findByText('Suporte')).toBeTruthy();
    expect(live.getByText('Sem fila')).toBeTruthy();
    expect(screen.getByTestId('dashboard-chart')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-by-user')).getByText('Bruna')).toBeTruthy();
  });

  it("the per-agent table has no 'Novos' column (a new ticket has no holder yet, so it read 0 for everyone); the per-queue table keeps it", async () => {
    stubApi(on('GET', '/dashboard', 200, answer), on('GET', '/users/list', 200, users), on('GET', '/queue', 200, queues));
    renderWithProviders(<DashboardPage companyId={7} />);
    const byUser = within(await screen.findByTestId('dashboard-by-user'));
    await byUser.findByText('Bruna');
    const headers = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    expect(headers(screen.getByTestId('dashboard-by-user'))).not.toContain('Novos');
    expect(headers(screen.getByTestId('dashboard-by-user'))).toContain('Resolvidos');
    expect(headers(screen.getByTestId('dashboard-by-queue'))).toContain('Novos');
    expect(byUser.getAllByRole('row')[1]!.querySelectorAll('td')).toHaveLength(8);
  });

  it('who is online follows the company-{id}-user events', async () => {
    stubApi(on('GET', '/dashboard', 200, answer), on('GET', '/users/list', 200, users), on('GET', '/queue', 200, queues));
    renderWithProviders(<DashboardPage companyId={7} />);
    await waitFor(() => expect(screen.getByTestId('stat-online').textContent).toContain('1 / 2'));
    stubApi(
      on('GET', '/dashboard', 200, answer),
      on(
        'GET',
        '/users/list',
        200,
        users.map((user) => ({ ...user, online: true })),
      ),
      on('GET', '/queue', 200, queues),
    );
    act(() => socket.handlers.get('company-7-user')!());
    await waitFor(() => expect(screen.getByTestId('stat-online').textContent).toContain('2 / 2'));
  });

  it('asks again with the chosen queue and user', async () => {
    const calls = stubApi(on('GET', '/dashboard', 200, answer), on('GET', '/users/list', 200, users), on('GET', '/queue', 200, queues));
    renderWithProviders(<DashboardPage companyId={7} />);
    await screen.findByRole('option', { name: 'Suporte' });
    await screen.findByRole('option', { name: 'Bruna' });
    fireEvent.change(screen.getByTestId('dashboard-queue'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('dashboard-user'), { target: { value: '2' } });
    await waitFor(() => expect(calls.some((call) => call.url.includes('queueId=5') && call.url.includes('userId=2'))).toBe(true));
  });

  it('exports the per-user table as CSV, formula-like names kept as text', async () => {
    stubApi(on('GET', '/dashboard', 200, answer), on('GET', '/users/list', 200, users), on('GET', '/queue', 200, queues));
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<DashboardPage companyId={7} />);
    await within(screen.getByTestId('dashboard-by-user')).findByText('Bruna');
    fireEvent.click(screen.getByTestId('dashboard-export'));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    const lines = text.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Atendente;Resolvidos;1ª resposta p50;1ª resposta p90;Resolução p50;Resolução p90;Avaliações;Nota média');
    expect(lines[1]).toBe('Bruna;4;1m 30s;10m 00s;—;—;0;');
    expect(lines[2]).toBe("'=Caio;1;—;—;—;—;0;");
  });
});
