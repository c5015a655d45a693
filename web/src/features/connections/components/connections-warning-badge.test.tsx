import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { aConnection, aSession } from '../testing/connection-factory';
import type { Connection } from '../types';
import { ConnectionsWarningBadge } from './connections-warning-badge';

const socket = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));

vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string | null, handler: (payload: unknown) => void) => {
    if (name) socket.handlers.set(name, handler);
  },
}));

function serveConnections(list: Connection[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(list), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

async function settle(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("the Connections menu '!' badge", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('appears 2 s after load when a connection needs attention', async () => {
    serveConnections([aConnection({ id: 1, status: 'CONNECTED' }), aConnection({ id: 2, status: 'TIMEOUT' })]);
    renderWithProviders(<ConnectionsWarningBadge companyId={7} />);
    await settle(100);
    expect(screen.queryByTestId('connections-warning-badge')).toBeNull();
    await settle(1800);
    expect(screen.queryByTestId('connections-warning-badge')).toBeNull();
    await settle(200);
    expect(screen.getByTestId('connections-warning-badge').textContent).toBe('!');
  });

  it('stays away when every connection is connected', async () => {
    serveConnections([aConnection({ id: 1, status: 'CONNECTED' })]);
    renderWithProviders(<ConnectionsWarningBadge companyId={7} />);
    await settle(3000);
    expect(screen.queryByTestId('connections-warning-badge')).toBeNull();
  });

  it('after the first check it follows the live list: on when a connection drops, off when all are connected', async () => {
    const connection = aConnection({ id: 1, status: 'CONNECTED' });
    serveConnections([connection]);
    renderWithProviders(<ConnectionsWarningBadge companyId={7} />);
    await settle(2100);
    expect(screen.queryByTestId('connections-warning-badge')).toBeNull();

    act(() =>
      socket.handlers.get('company-7-whatsappSession')!({ action: 'update', session: aSession(connection, { status: 'DISCONNECTED' }) }),
    );
    await settle(10);
    expect(screen.getByTestId('connections-warning-badge')).toBeTruthy();

    act(() =>
      socket.handlers.get('company-7-whatsappSession')!({ action: 'update', session: aSession(connection, { status: 'CONNECTED' }) }),
    );
    await settle(10);
    expect(screen.queryByTestId('connections-warning-badge')).toBeNull();
  });
});
