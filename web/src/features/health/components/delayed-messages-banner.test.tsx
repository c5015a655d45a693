import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { type FakeRoute, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { DEGRADED_POLL_MS, HEALTH_POLL_MS, healthUrl } from '../api/get-health';
import { DelayedMessagesBanner } from './delayed-messages-banner';

/** /health answering what `answers` holds at the time of the call. */
function health(answers: { status: number; body?: unknown }): FakeRoute {
  return (call) => (call.url === '/health' ? answers : undefined);
}

describe('DelayedMessagesBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('pt-BR');
  });

  it('says messages are delayed while /health is degraded, and goes on the recovery', async () => {
    const answer: { status: number; body: { status: string; checks: Record<string, string> } } = {
      status: 200,
      body: { status: 'degraded', checks: { 'database:conversations': 'connection refused' } },
    };
    const calls = stubApi(health(answer));
    renderWithProviders(<DelayedMessagesBanner />);

    const banner = await screen.findByTestId('delayed-messages');
    expect(banner.textContent).toContain('Mensagens atrasadas');
    expect(banner.getAttribute('role')).toBe('status');

    // Still degraded at the next ask (5 s later while degraded): it stays.
    await act(() => vi.advanceTimersByTimeAsync(DEGRADED_POLL_MS));
    expect(calls.filter((call) => call.url === '/health')).toHaveLength(2);
    expect(screen.getByTestId('delayed-messages')).toBeTruthy();

    answer.body = { status: 'ok', checks: { 'database:conversations': 'ok' } };
    await act(() => vi.advanceTimersByTimeAsync(DEGRADED_POLL_MS));
    expect(calls.filter((call) => call.url === '/health')).toHaveLength(3);
    expect(screen.queryByTestId('delayed-messages')).toBeNull();

    // Healthy, it asks every 30 s, not every 5: and shows the banner again when degraded anew.
    answer.body = { status: 'degraded', checks: { kafka: 'broker unreachable' } };
    await act(() => vi.advanceTimersByTimeAsync(DEGRADED_POLL_MS));
    expect(calls.filter((call) => call.url === '/health')).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_POLL_MS - DEGRADED_POLL_MS));
    expect(calls.filter((call) => call.url === '/health')).toHaveLength(4);
    expect(await screen.findByTestId('delayed-messages')).toBeTruthy();
  });

  it('shows nothing when healthy, when /health cannot be read or answers something else', async () => {
    for (const answer of [
      { status: 200, body: { status: 'ok', checks: {} } },
      { status: 404, body: { error: 'ERR_NOT_FOUND' } },
      { status: 200, body: { status: 'broken' } },
    ]) {
      const calls = stubApi(health(answer));
      const view = renderWithProviders(<DelayedMessagesBanner />);
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(screen.queryByTestId('delayed-messages')).toBeNull();
      view.unmount();
    }
  });

  it('speaks English and Spanish', async () => {
    stubApi(health({ status: 200, body: { status: 'degraded', checks: {} } }));
    await i18n.changeLanguage('en');
    const view = renderWithProviders(<DelayedMessagesBanner />);
    expect((await screen.findByTestId('delayed-messages')).textContent).toContain('Messages delayed');
    view.unmount();
    await i18n.changeLanguage('es');
    renderWithProviders(<DelayedMessagesBanner />);
    expect((await screen.findByTestId('delayed-messages')).textContent).toContain('Mensajes retrasados');
  });

  it('finds /health beside the API', () => {
    expect(healthUrl('/api')).toBe('/health');
    expect(healthUrl('https://api.example.test/api/')).toBe('https://api.example.test/health');
    expect(healthUrl('https://api.example.test')).toBe('https://api.example.test/health');
  });
});
