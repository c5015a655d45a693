import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster, toaster } from '@/components/ui/toaster';
import { aCampaign } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { CAMPAIGNS_SEARCH_DEBOUNCE_MS, CampaignsPage } from './campaigns-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const page = (records: unknown[], hasMore = false) => ({ records, count: records.length, hasMore });
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('campaigns page', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('labels each status as the spec does, and an unknown one as received', async () => {
    stubApi(
      on(
        'GET',
        '/campaigns/',
        200,
        page([
          aCampaign({ id: 1, name: 'Um', status: 'INATIVA' }),
          aCampaign({ id: 2, name: 'Dois', status: 'PROGRAMADA' }),
          aCampaign({ id: 3, name: 'Três', status: 'EM_ANDAMENTO' }),
          aCampaign({ id: 4, name: 'Quatro', status: 'CANCELADA' }),
          aCampaign({ id: 5, name: 'Cinco', status: 'FINALIZADA' }),
        ]),
      ),
    );
    renderWithProviders(
      <>
        <Toaster />
        <CampaignsPage companyId={1} />
      </>,
    );
    await screen.findByText('Cinco');
    expect(screen.getAllByTestId('campaign-status').map((badge) => badge.textContent)).toEqual([
      'Inativa',
      'Programada',
      'Em Andamento',
      'Cancelada',
      'Finalizada',
    ]);
    // Stop only while running, restart only once cancelled.
    expect(within(row('Três')).queryByTestId('campaigns-stop')).not.toBeNull();
    expect(within(row('Um')).queryByTestId('campaigns-stop')).toBeNull();
    expect(within(row('Quatro')).queryByTestId('campaigns-restart')).not.toBeNull();
    expect(within(row('Cinco')).queryByTestId('campaigns-restart')).toBeNull();
  });

  it('searches 500 ms after typing stops, lowercased', async () => {
    const calls = stubApi(on('GET', '/campaigns/', 200, page([])));
    renderWithProviders(
      <>
        <Toaster />
        <CampaignsPage companyId={1} />
      </>,
    );
    await screen.findByTestId('campaigns-empty');
    vi.useFakeTimers();
    fireEvent.change(screen.getByTestId('campaigns-search'), { target: { value: 'Black ' } });
    await act(() => vi.advanceTimersByTimeAsync(CAMPAIGNS_SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(screen.getByTestId('campaigns-search'), { target: { value: 'Black FRIDAY' } });
    await act(() => vi.advanceTimersByTimeAsync(CAMPAIGNS_SEARCH_DEBOUNCE_MS - 100));
    expect(calls.filter((call) => call.url.includes('searchParam=black'))).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url.includes('searchParam=black+friday') || call.url.includes('searchParam=black%20friday')),
      ).toHaveLength(1),
    );
  });

  it('loads the next page when the end of the list comes near the bottom of the screen', async () => {
    // The end of the list is in view as soon as it is watched.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        }
        disconnect() {}
      },
    );
    const calls = stubApi((call) => {
      if (call.method !== 'GET' || !call.url.startsWith('/api/campaigns/?')) return undefined;
      return call.url.includes('pageNumber=2')
        ? { status: 200, body: page([aCampaign({ id: 2, name: 'Segunda página' })]) }
        : { status: 200, body: page([aCampaign({ id: 1, name: 'Primeira página' })], true) };
    });
    renderWithProviders(<CampaignsPage companyId={1} />);
    expect(await screen.findByText('Segunda página')).toBeTruthy();
    expect(screen.getByText('Primeira página')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('pageNumber=2'))).toHaveLength(1);
  });

  it('stops a running campaign and restarts a cancelled one, each with its toast', { timeout: 10_000 }, async () => {
    const calls = stubApi(
      on(
        'GET',
        '/campaigns/',
        200,
        page([aCampaign({ id: 3, name: 'Rodando', status: 'EM_ANDAMENTO' }), aCampaign({ id: 4, name: 'Parada', status: 'CANCELADA' })]),
      ),
      on('POST', '/campaigns/3/cancel', 200, aCampaign({ id: 3, name: 'Rodando', status: 'CANCELADA' })),
      on('POST', '/campaigns/4/restart', 200, aCampaign({ id: 4, name: 'Parada', status: 'EM_ANDAMENTO' })),
    );
    renderWithProviders(
      <>
        <Toaster />
        <CampaignsPage companyId={1} />
      </>,
    );
    fireEvent.click(
      within(await screen.findByText('Rodando').then((cell) => cell.closest('tr') as HTMLElement)).getByTestId('campaigns-stop'),
    );
    expect(await screen.findByText('Campanha parada.')).toBeTruthy();
    fireEvent.click(within(row('Parada')).getByTestId('campaigns-restart'));
    // One toast at a time (decision 0048): the second shows once the first has left.
    expect(await screen.findByText('Campanha reiniciada.', undefined, { timeout: 6_000 })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/campaigns/3/cancel',
      '/api/campaigns/4/restart',
    ]);
  });

  it("shows the server's message when a stop is refused", async () => {
    stubApi(
      on('GET', '/campaigns/', 200, page([aCampaign({ id: 3, name: 'Rodando', status: 'EM_ANDAMENTO' })])),
      on('POST', '/campaigns/3/cancel', 409, { error: 'ERR_CAMPAIGN_STATUS', message: 'A campanha já terminou' }),
    );
    renderWithProviders(
      <>
        <Toaster />
        <CampaignsPage companyId={1} />
      </>,
    );
    await screen.findByText('Rodando');
    fireEvent.click(within(row('Rodando')).getByTestId('campaigns-stop'));
    expect(await screen.findByText('A campanha já terminou')).toBeTruthy();
  });

  it('deletes a campaign only after the confirmation', async () => {
    const calls = stubApi(
      on('GET', '/campaigns/', 200, page([aCampaign({ id: 8, name: 'Antiga' })])),
      on('DELETE', '/campaigns/8', 200, { message: 'Campaign deleted' }),
    );
    renderWithProviders(
      <>
        <Toaster />
        <CampaignsPage companyId={1} />
      </>,
    );
    await screen.findByText('Antiga');
    fireEvent.click(within(row('Antiga')).getByTestId('campaigns-delete'));
    expect(await screen.findByText('Deseja realmente excluir este registro?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('campaigns-confirm-delete'));
    expect(await screen.findByText('Campanha excluída com sucesso.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/campaigns/8');
  });
});
