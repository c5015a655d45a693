import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { aConnection } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';

import { aMessage, aTicket } from '../testing/ticket-factory';

const handlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (event: string | null, handler: (payload: unknown) => void) => {
    if (event) handlers.set(event, handler);
  },
}));

const { useTemplateOnly } = await import('./use-template-only');

const ticket = aTicket({ id: 5, whatsappId: 3 });
const arrived = (fields: { ticketId: number; fromMe: boolean }) => ({
  action: 'create',
  message: aMessage(fields),
  ticket: aTicket({ id: fields.ticketId }),
  contact: ticket.contact,
});
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

describe('whether a ticket takes templates only', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a Cloud API ticket whose window has closed does; the customer's new message asks again and reopens it", async () => {
    let open = false;
    const calls = stubApi(on('GET', '/whatsapp/', 200, [aConnection({ id: 3, provider: 'cloud' })]), (call) =>
      call.url === `/api/whatsapp/3/cloud/window?number=${ticket.contact.number}`
        ? { status: 200, body: { open, closesAt: open ? '2026-11-29T10:00:00.000Z' : null } }
        : undefined,
    );
    const { result } = renderHook(() => useTemplateOnly(ticket, 7), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));

    open = true;
    act(() => handlers.get('company-7-appMessage')!(arrived({ ticketId: 5, fromMe: false })));
    await waitFor(() => expect(result.current).toBe(false));
    expect(calls.filter((call) => call.url.includes('/cloud/window'))).toHaveLength(2);
  });

  it("our own message or another ticket's does not ask again", async () => {
    const calls = stubApi(
      on('GET', '/whatsapp/', 200, [aConnection({ id: 3, provider: 'cloud' })]),
      on('GET', '/whatsapp/3/cloud/window', 200, { open: false, closesAt: null }),
    );
    const { result } = renderHook(() => useTemplateOnly(ticket, 7), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
    act(() => handlers.get('company-7-appMessage')!(arrived({ ticketId: 5, fromMe: true })));
    act(() => handlers.get('company-7-appMessage')!(arrived({ ticketId: 6, fromMe: false })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.url.includes('/cloud/window'))).toHaveLength(1);
  });

  it('a ticket on a WhatsApp Web connection never does, and its window is not asked', async () => {
    const calls = stubApi(on('GET', '/whatsapp/', 200, [aConnection({ id: 3, provider: 'beta' })]));
    const { result } = renderHook(() => useTemplateOnly(ticket, 7), { wrapper });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/whatsapp/')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    expect(calls.some((call) => call.url.includes('/cloud/'))).toBe(false);
  });

  it('a group on a Cloud API connection does not (it has no window)', async () => {
    const calls = stubApi(on('GET', '/whatsapp/', 200, [aConnection({ id: 3, provider: 'cloud' })]));
    const { result } = renderHook(() => useTemplateOnly({ ...ticket, isGroup: true }, 7), { wrapper });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/whatsapp/')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    expect(calls.some((call) => call.url.includes('/cloud/'))).toBe(false);
  });
});
