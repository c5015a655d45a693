import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { aCampaign, aCampaignReport } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

const handlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (event: string | null, handler: (payload: unknown) => void) => {
    if (event) handlers.set(event, handler);
  },
}));

const { CampaignReportPage } = await import('./campaign-report-page');
const { REPORT_RELOAD_AFTER_FINISH_MS } = await import('../hooks/use-campaign-report-live');

const campaign = aCampaign({ id: 7, name: 'Black Friday', status: 'EM_ANDAMENTO', whatsapps: [{ id: 4, name: 'Vendas' }] });
const progress = (delivered: number, failed: number, status: 'EM_ANDAMENTO' | 'FINALIZADA' = 'EM_ANDAMENTO') => ({
  campaignId: 7,
  status,
  validContacts: 4,
  recipients: delivered + failed,
  delivered,
  confirmationRequested: 0,
  confirmed: 0,
  failed,
  outsideWindow: false,
  resumesAt: null,
  completedAt: null,
});

/** The report the server answers, read again after each event: its n-th answer is `answers[n]` (the last one after). */
/** The report's answers in turn (the calls made for it are answered); the company's settings name its zone. */
function reportServer(...answers: ReturnType<typeof aCampaignReport>[]) {
  return zonedReportServer('America/Sao_Paulo', ...answers);
}

function zonedReportServer(zone: string, ...answers: ReturnType<typeof aCampaignReport>[]) {
  let served = 0;
  const calls = stubApi(
    on('GET', '/settings', 200, [{ key: 'timezone', value: zone, companyId: 1, updatedAt: '2026-01-01T00:00:00Z' }]),
    (call) => {
      if (call.method !== 'GET' || call.url !== '/api/campaigns/7/report') return undefined;
      const body = answers[Math.min(served, answers.length - 1)];
      served += 1;
      return { status: 200, body };
    },
  );
  return {
    get reports() {
      return calls.filter((call) => call.url === '/api/campaigns/7/report');
    },
  };
}

const value = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;

describe('campaign report', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    handlers.clear();
  });

  it('shows the figures, the progress against the valid contacts, the failures and why a connection is paused', async () => {
    reportServer(
      aCampaignReport({
        campaign,
        progress: progress(2, 1),
        failures: [{ reason: 'número não existe', count: 1 }],
        series: [{ at: '2026-11-26T15:00:00.000Z', delivered: 2, confirmationRequested: 0, confirmed: 0, failed: 1 }],
        connections: [
          { whatsappId: 4, name: 'Vendas', delivered: 2, failed: 1, pauseReason: 'disconnected', pauseDetail: null, pausedAt: null },
        ],
      }),
    );
    renderWithProviders(<CampaignReportPage companyId={1} campaignId={7} />);
    expect((await screen.findByTestId('campaign-report-name')).textContent).toBe('Black Friday');
    expect(value('campaign-report-valid')).toBe('4');
    expect(value('campaign-report-delivered')).toBe('2');
    expect(value('campaign-report-failed')).toBe('1');
    expect(screen.getByTestId('campaign-report-progress-label').textContent).toBe('2 de 4 (50%)');
    expect(screen.getByText('número não existe')).toBeTruthy();
    expect(screen.getByTestId('campaign-report-pause-reason').textContent).toBe('Conexão desconectada');
    expect(screen.getByTestId('campaign-report-chart')).toBeTruthy();
  });

  it('a live update of the open campaign replaces its figures at once (the server is not asked); another campaign changes nothing', async () => {
    let reads = 0;
    stubApi((call) => {
      if (call.method !== 'GET' || call.url !== '/api/campaigns/7/report') return undefined;
      reads += 1;
      // Read again after the event, the server fails: what shows came from the event.
      return reads === 1
        ? { status: 200, body: aCampaignReport({ campaign, progress: progress(1, 0) }) }
        : { status: 503, body: { error: 'ERR_SERVICE_UNAVAILABLE', message: 'down' } };
    });
    renderWithProviders(<CampaignReportPage companyId={1} campaignId={7} />);
    await screen.findByTestId('campaign-report-name');
    expect(value('campaign-report-delivered')).toBe('1');

    // On a fixed clock: whatever the other campaign's event set going (a render, a read, a timer) has
    // run once the clock is moved past it, with no real time waited.
    vi.useFakeTimers();
    act(() => handlers.get('company-1-campaign')!({ action: 'progress', progress: { ...progress(9, 0), campaignId: 8 } }));
    await act(() => vi.advanceTimersByTimeAsync(REPORT_RELOAD_AFTER_FINISH_MS + 1_000));
    vi.useRealTimers();
    expect(value('campaign-report-delivered')).toBe('1');
    expect(reads).toBe(1);

    act(() => handlers.get('company-1-campaign')!({ action: 'progress', progress: progress(3, 1) }));
    await waitFor(() => expect(value('campaign-report-delivered')).toBe('3'));
    expect(value('campaign-report-failed')).toBe('1');
    expect(screen.getByTestId('campaign-report-progress-label').textContent).toBe('3 de 4 (75%)');
    // The chart and the connections are read again with it.
    await waitFor(() => expect(reads).toBe(2));
    expect(value('campaign-report-delivered')).toBe('3');
  });

  it('reloads 5 seconds after the campaign is FINALIZADA', async () => {
    const server = reportServer(
      aCampaignReport({ campaign, progress: progress(3, 0) }),
      aCampaignReport({
        campaign: { ...campaign, status: 'FINALIZADA', completedAt: '2026-11-26T16:00:00.000Z' },
        progress: { ...progress(4, 0, 'FINALIZADA'), completedAt: '2026-11-26T16:00:00.000Z' },
      }),
    );
    renderWithProviders(<CampaignReportPage companyId={1} campaignId={7} />);
    await screen.findByTestId('campaign-report-name');
    vi.useFakeTimers();
    act(() => handlers.get('company-1-campaign')!({ action: 'progress', progress: progress(4, 0, 'FINALIZADA') }));
    expect(screen.getByTestId('campaign-report-page').dataset.status).toBe('FINALIZADA');
    expect(screen.getByText('Finalizada')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(REPORT_RELOAD_AFTER_FINISH_MS - 500));
    expect(server.reports).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(600));
    vi.useRealTimers();
    await waitFor(() => expect(server.reports).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('26/11/2026 13:00', { exact: false })).toBeTruthy());
  });

  it("shows the campaign's times in the company's time zone (Tokyo): 16:00 UTC is 01:00 the next day there", async () => {
    zonedReportServer(
      'Asia/Tokyo',
      aCampaignReport({
        campaign: { ...campaign, status: 'FINALIZADA', scheduledAt: '2026-11-26T14:00:00.000Z', completedAt: '2026-11-26T16:00:00.000Z' },
        progress: { ...progress(4, 0, 'FINALIZADA'), completedAt: '2026-11-26T16:00:00.000Z' },
      }),
    );
    renderWithProviders(<CampaignReportPage companyId={1} campaignId={7} />);
    await waitFor(() => expect(screen.getByText('27/11/2026 01:00', { exact: false })).toBeTruthy());
    expect(screen.getByText('26/11/2026 23:00', { exact: false })).toBeTruthy();
  });
});
