import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { formatPhone } from '@/lib/format-phone';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aTicket } from '../testing/ticket-factory';
import { ContactDrawer } from './contact-drawer';

const ticket = aTicket({ id: 81, contactId: 3 });
const contact = {
  ...ticket.contact,
  id: 3,
  email: '',
  active: true,
  whatsappId: 1,
  extraInfo: [{ id: 1, name: 'CPF', value: '123' }],
  companyId: 1,
  lastInteractionAt: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('contact drawer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the contact and its extra info, and adds a note of at least 2 characters', async () => {
    const calls = stubApi(
      on('GET', '/contacts/3', 200, contact),
      on('GET', '/ticket-notes/list', 200, []),
      on('POST', '/ticket-notes', 200, {
        id: 1,
        note: 'Ligar amanhã',
        userId: 5,
        user: { id: 5, name: 'Ana' },
        ticketId: 81,
        contactId: 3,
        createdAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
      }),
    );
    renderWithProviders(
      <>
        <ContactDrawer ticket={ticket} open onClose={vi.fn()} />
        <Toaster />
      </>,
    );
    expect((await screen.findByTestId('contact-drawer-name')).textContent).toBe('Maria da Silva');
    // Formatted as in the contacts table, never the raw digits.
    expect(screen.getByTestId('contact-drawer-number').textContent).toBe(formatPhone(contact.number));
    expect(screen.getByTestId('contact-drawer-number').textContent).toMatch(/^\+\d+ \(\d{2}\) \d{4,5}-\d{4}$/);
    expect(screen.getByText('CPF')).toBeTruthy();

    fireEvent.change(screen.getByTestId('ticket-note-text'), { target: { value: 'a' } });
    fireEvent.click(screen.getByTestId('ticket-note-add'));
    expect(await screen.findByText('Muito curto!')).toBeTruthy();

    fireEvent.change(screen.getByTestId('ticket-note-text'), { target: { value: 'Ligar amanhã' } });
    fireEvent.click(screen.getByTestId('ticket-note-add'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ note: 'Ligar amanhã', ticketId: 81, contactId: 3 }),
    );
    expect(await screen.findByText('Observação adicionada com sucesso!')).toBeTruthy();
  });

  it('editing refuses a one-letter name and a bad e-mail with the spec texts', async () => {
    const calls = stubApi(on('GET', '/contacts/3', 200, contact), on('GET', '/ticket-notes/list', 200, []));
    renderWithProviders(<ContactDrawer ticket={ticket} open onClose={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('contact-edit'));
    fireEvent.change(screen.getByTestId('contact-name'), { target: { value: 'M' } });
    fireEvent.change(screen.getByTestId('contact-email'), { target: { value: 'maria@' } });
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText('Too Short!')).toBeTruthy();
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("with the plan's schedules, 'Agendar' books an appointment for the contact at /schedules?contactId=", async () => {
    stubApi(on('GET', '/contacts/3', 200, contact), on('GET', '/ticket-notes/list', 200, []));
    const { unmount } = renderWithProviders(<ContactDrawer ticket={ticket} open onClose={vi.fn()} />);
    await screen.findByTestId('contact-drawer-name');
    expect(screen.queryByTestId('contact-schedule')).toBeNull();
    unmount();
    renderWithProviders(<ContactDrawer ticket={ticket} open canSchedule onClose={vi.fn()} />);
    const link = await screen.findByTestId('contact-schedule');
    expect(link.textContent?.trim()).toBe('Agendar');
    expect(link.getAttribute('href')).toBe('/schedules?contactId=3');
  });
});
