import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aMessage } from '../testing/ticket-factory';
import { MessageInput } from './message-input';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const base = {
  geral: false,
  status: true,
  companyId: 1,
  userId: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};
const greeting = {
  ...base,
  id: 1,
  shortcode: 'bom-dia',
  message: 'Bom dia, {{firstName}}! Em que posso ajudar?',
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  mimetype: null,
};
const catalogue = {
  ...base,
  id: 2,
  shortcode: 'catalogo',
  message: 'Segue o catálogo, {{name}}',
  geral: true,
  isMedia: true,
  mediaPath: '/api/whatsapp-media/companies/1/conversations/uploads/abc-catalogo.pdf',
  mediaName: 'catalogo.pdf',
  mimetype: 'application/pdf',
};
const sent = aMessage({
  id: 9,
  ticketId: 5,
  fromMe: true,
  mediaType: 'application',
  mediaUrl: catalogue.mediaPath,
  fileName: 'catalogo.pdf',
});

function renderInput() {
  return renderWithProviders(
    <MessageInput ticketId={5} canSend companyId={1} contact={{ name: 'Maria Clara', number: '5511999990000', email: '' }} />,
  );
}

describe("the chat input's quick messages", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("'/' and one more character suggest them by shortcode; the arrow keys and Enter pick one, its variables filled", async () => {
    stubApi(on('GET', '/quick-messages/list', 200, [greeting, catalogue]));
    renderInput();
    const input = screen.getByTestId('message-text') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '/' } });
    expect(screen.queryByTestId('quick-message-suggestions')).toBeNull();
    fireEvent.change(input, { target: { value: '/o' } });
    const list = await screen.findByTestId('quick-message-suggestions');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['bom-dia - Bom dia, {{firstName}}! E...', 'catalogo - Segue o catálogo, {{name...']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(within(list).getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('Bom dia, Maria! Em que posso ajudar?');
    expect(screen.queryByTestId('quick-message-suggestions')).toBeNull();
    expect(screen.queryByTestId('message-quick-media')).toBeNull();
  });

  it('a picked quick message with a file attaches it, and sending sends the stored file by reference with the text', async () => {
    const calls = stubApi(on('GET', '/quick-messages/list', 200, [greeting, catalogue]), on('POST', '/messages/5', 201, sent));
    renderInput();
    const input = screen.getByTestId('message-text') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '/cat' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: /catalogo/ }));
    expect(input.value).toBe('Segue o catálogo, Maria Clara');
    expect(screen.getByTestId('message-quick-media').textContent).toContain('catalogo.pdf');
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      body: 'Segue o catálogo, Maria Clara',
      mediaUrl: catalogue.mediaPath,
      mimetype: 'application/pdf',
      fileName: 'catalogo.pdf',
    });
    await waitFor(() => expect(screen.queryByTestId('message-quick-media')).toBeNull());
  });
});
