import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { aCampaign } from '@/testing/contract-fakes';
import { stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

const handlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (event: string | null, handler: (payload: unknown) => void) => {
    if (event) handlers.set(event, handler);
  },
}));

const { CampaignsPage } = await import('../components/campaigns-page');

const statuses = () => screen.getAllByTestId('campaign-status').map((badge) => badge.textContent);

describe('the campaigns list follows company-{id}-campaign', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    handlers.clear();
  });

  it('a changed campaign and a progress update change their row in place; a new one reloads the list', async () => {
    let reads = 0;
    const second = aCampaign({ id: 2, name: 'Nova', status: 'INATIVA' });
    stubApi((call) => {
      if (call.method !== 'GET' || !call.url.startsWith('/api/campaigns/?')) return undefined;
      reads += 1;
      const records = [aCampaign({ id: 1, name: 'Natal', status: 'PROGRAMADA' }), ...(reads > 1 ? [second] : [])];
      return { status: 200, body: { records, count: records.length, hasMore: false } };
    });
    renderWithProviders(<CampaignsPage companyId={3} />);
    await screen.findByText('Natal');
    const emit = (payload: unknown) => act(() => handlers.get('company-3-campaign')!(payload));

    emit({ action: 'update', record: aCampaign({ id: 1, name: 'Natal 2026', status: 'EM_ANDAMENTO' }) });
    await screen.findByText('Natal 2026');
    expect(statuses()).toEqual(['Em Andamento']);

    emit({
      action: 'progress',
      progress: {
        campaignId: 1,
        status: 'FINALIZADA',
        validContacts: 2,
        recipients: 2,
        delivered: 2,
        confirmationRequested: 0,
        confirmed: 0,
        failed: 0,
        outsideWindow: false,
        resumesAt: null,
        completedAt: '2026-11-26T16:00:00.000Z',
      },
    });
    await waitFor(() => expect(statuses()).toEqual(['Finalizada']));
    expect(screen.getByText('26/11/2026 13:00')).toBeTruthy();
    expect(reads).toBe(1);

    emit({ action: 'create', record: second });
    await screen.findByText('Nova');
    expect(reads).toBe(2);
  });
});
