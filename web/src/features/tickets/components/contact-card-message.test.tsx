import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { aContact } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { InboxUserContext } from '../hooks/inbox-user-context';
import { aTicket } from '../testing/ticket-factory';
import { ContactCardMessage } from './contact-card-message';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('react-router', async (original) => ({ ...(await original<typeof import('react-router')>()), useNavigate: () => navigate }));

const CARD_TICKET = aTicket({ id: 31, contactId: 12, status: 'open', userId: 5 });
const EXISTING_TICKET = aTicket({ id: 32, contactId: 44, status: 'open', userId: 5 });

const card = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD';

function renderCard(body = card) {
  return renderWithProviders(
    <InboxUserContext.Provider value={{ id: 5, profile: 'user', companyId: 7 }}>
      <ContactCardMessage body={body} />
    </InboxUserContext.Provider>,
  );
}

describe('contact card message', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    navigate.mockReset();
  });

  it('starts a ticket with the shared contact and opens it', async () => {
    const calls = stubApi(
      on('POST', '/contacts', 200, aContact({ id: 12, name: 'João', number: '5511977776666' })),
      on('POST', '/tickets', 200, CARD_TICKET),
    );
    renderCard();
    fireEvent.click(screen.getByTestId('contact-card-start'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/tickets/${CARD_TICKET.uuid}`));
    expect(calls.map((call) => call.body)).toEqual([
      { name: 'João', number: '5511977776666' },
      { contactId: 12, userId: 5, status: 'open' },
    ]);
  });

  it("a number WhatsApp refuses shows 'CONTATO FORA DO WHATSAPP'", async () => {
    stubApi(on('POST', '/contacts', 400, { error: 'ERR_WAPP_INVALID_CONTACT', message: 'invalid' }));
    renderCard();
    fireEvent.click(screen.getByTestId('contact-card-start'));
    expect(await screen.findByText('CONTATO FORA DO WHATSAPP')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("an existing contact whose number WhatsApp refuses when the ticket starts also shows 'CONTATO FORA DO WHATSAPP'", async () => {
    stubApi(
      on('POST', '/contacts', 409, { error: 'ERR_DUPLICATED_CONTACT', message: 'dup', alreadyExists: true, existingContact: { id: 44 } }),
      on('POST', '/tickets', 400, { error: 'ERR_WAPP_INVALID_CONTACT', message: 'invalid' }),
    );
    renderCard();
    fireEvent.click(screen.getByTestId('contact-card-start'));
    expect(await screen.findByTestId('contact-card-invalid')).toBeTruthy();
    expect(screen.queryByTestId('contact-card-start')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reuses an existing contact', async () => {
    const calls = stubApi(
      on('POST', '/contacts', 409, { error: 'ERR_DUPLICATED_CONTACT', message: 'dup', alreadyExists: true, existingContact: { id: 44 } }),
      on('POST', '/tickets', 200, EXISTING_TICKET),
    );
    renderCard();
    fireEvent.click(screen.getByTestId('contact-card-start'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/tickets/${EXISTING_TICKET.uuid}`));
    expect(calls[1]?.body).toEqual({ contactId: 44, userId: 5, status: 'open' });
  });
});
