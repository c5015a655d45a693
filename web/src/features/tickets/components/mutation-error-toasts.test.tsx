import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAppQueryClient } from '@/app/provider';
import { Toaster, toaster } from '@/components/ui/toaster';
import { system } from '@/lib/theme';
import { on, stubApi } from '@/testing/fake-api';

import { InboxUserContext } from '../hooks/inbox-user-context';
import { aMessage, aTicket } from '../testing/ticket-factory';
import { ContactCardMessage } from './contact-card-message';
import { EditMessageDialog } from './edit-message-dialog';
import { MessageInput } from './message-input';
import { TagEditor } from './tag-editor';

/** With the app's own query client, whose failed mutations toast unless they are silent. */
function renderWithAppClient(ui: ReactElement) {
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={createAppQueryClient()}>
        <MemoryRouter>
          <InboxUserContext.Provider value={{ id: 5, profile: 'user', companyId: 7 }}>{ui}</InboxUserContext.Provider>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

/** The component's own error toast shows, and after a moment it is still the only one. */
async function expectOneErrorToast(text: string) {
  expect((await screen.findByTestId('toast-error')).textContent).toContain(text);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getAllByTestId('toast-error')).toHaveLength(1);
}

const failure = { error: 'ERR_TEST_ONLY_FAILURE', message: 'Falha no servidor de teste' };

describe('a failed tickets action shows one error toast', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("a contact card's start-a-ticket", async () => {
    stubApi(on('POST', '/contacts', 500, failure));
    renderWithAppClient(
      <ContactCardMessage body={'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD'} />,
    );
    fireEvent.click(screen.getByTestId('contact-card-start'));
    await expectOneErrorToast('Falha no servidor de teste');
  });

  it('editing a message', async () => {
    const calls = stubApi(on('POST', '/messages/edit/31', 500, failure));
    renderWithAppClient(<EditMessageDialog message={aMessage({ id: 31, body: 'Olá', fromMe: true })} onClose={vi.fn()} />);
    fireEvent.change(await screen.findByTestId('edit-message-text'), { target: { value: 'Olá, tudo bem?' } });
    fireEvent.click(screen.getByTestId('edit-message-save'));
    await expectOneErrorToast('Falha no servidor de teste');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('sending a message', async () => {
    stubApi(on('POST', '/messages/9', 500, failure));
    renderWithAppClient(<MessageInput ticketId={9} canSend />);
    fireEvent.change(screen.getByTestId('message-text'), { target: { value: 'Bom dia' } });
    fireEvent.click(screen.getByTestId('message-send'));
    await expectOneErrorToast('Falha no servidor de teste');
  });

  it('creating a tag', async () => {
    stubApi(on('GET', '/tags/list', 200, []), on('POST', '/tags', 500, failure));
    renderWithAppClient(<TagEditor ticket={aTicket()} />);
    fireEvent.click(screen.getByTestId('tag-editor-open'));
    const input = await screen.findByTestId('tag-editor-new');
    fireEvent.change(input, { target: { value: 'Urgente' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await expectOneErrorToast('Falha no servidor de teste');
  });
});
