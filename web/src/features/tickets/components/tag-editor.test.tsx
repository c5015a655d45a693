import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aTicket } from '../testing/ticket-factory';
import { TagEditor } from './tag-editor';

describe('tag editor chips', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a light tag colour gets dark text and a dark one white text', async () => {
    const tags = [
      { id: 1, name: 'Padrão', color: '#A4CCCC', kanban: 0, companyId: 1 },
      { id: 2, name: 'Azul', color: '#2576d2', kanban: 0, companyId: 1 },
    ];
    stubApi(on('GET', '/tags/list', 200, tags));
    renderWithProviders(<TagEditor ticket={aTicket({ tags })} />);
    const [light, dark] = await screen.findAllByTestId('ticket-tag');
    expect(light!.textContent).toContain('Padrão');
    expect(light!.style.color).toBe('rgb(24, 24, 27)');
    expect(dark!.style.color).toBe('rgb(255, 255, 255)');
  });
});

describe('tag editor creating tags', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a new tag takes the picked palette colour, or the first unused one, and the editor stays open for the next', async () => {
    const existing = { id: 1, name: 'Azul', color: '#2576d2', kanban: 0, companyId: 1 };
    let nextId = 10;
    const calls = stubApi(
      on('GET', '/tags/list', 200, [existing]),
      (call) => {
        if (call.method !== 'POST' || !call.url.endsWith('/api/tags')) return undefined;
        const body = call.body as { name: string; color: string };
        return { status: 201, body: { id: nextId++, name: body.name, color: body.color, kanban: 0, companyId: 1 } };
      },
      on('POST', '/tags/sync', 200, { tags: [] }),
    );
    const ticket = aTicket({ id: 7, tags: [] });
    const { rerender } = renderWithProviders(<TagEditor ticket={ticket} />);
    fireEvent.click(screen.getByTestId('tag-editor-open'));
    const input = await screen.findByTestId('tag-editor-new');
    await waitFor(() => expect(screen.getByRole('radio', { name: '#e91e63' }).getAttribute('aria-checked')).toBe('true'));

    fireEvent.click(screen.getByRole('radio', { name: '#4caf50' }));
    fireEvent.change(input, { target: { value: 'Urgente' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/tags/sync'))).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST' && call.url.endsWith('/api/tags'))?.body).toEqual({
      name: 'Urgente',
      color: '#4caf50',
    });

    // The ticket comes back with its new tag: the editor is still open for the next one.
    rerender(<TagEditor ticket={{ ...ticket, tags: [{ id: 10, name: 'Urgente', color: '#4caf50' }] }} />);
    const again = screen.getByTestId('tag-editor-new');
    fireEvent.change(again, { target: { value: 'VIP' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/tags/sync'))).toHaveLength(2));
    const posts = calls.filter((call) => call.method === 'POST' && call.url.endsWith('/api/tags'));
    expect((posts[1]!.body as { color: string }).color).toBe('#e91e63');
    expect(calls.filter((call) => call.url.endsWith('/tags/sync')).at(-1)?.body).toEqual({ ticketId: 7, tags: [{ id: 10 }, { id: 11 }] });
  });
});
