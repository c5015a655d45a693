import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { QuickMessagesPage } from './quick-messages-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const at = '2026-11-25T10:00:00.000Z';
const own = {
  id: 1,
  shortcode: 'oi',
  message: 'Olá {{name}}',
  geral: false,
  status: true,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  mimetype: null,
  companyId: 7,
  userId: 2,
  createdAt: at,
  updatedAt: at,
};
const general = {
  ...own,
  id: 2,
  shortcode: 'catalogo',
  geral: true,
  userId: 1,
  isMedia: true,
  mediaPath: '/api/whatsapp-media/companies/7/conversations/uploads/x-catalogo.pdf',
  mediaName: 'catalogo.pdf',
  mimetype: 'application/pdf',
};
const page = { records: [general, own], count: 2, hasMore: false };
const me = { id: 2, companyId: 7 };

describe('quick messages page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("shows the shortcode, the attachment or 'Sem anexo', a green check when general; a user changes only their own private ones", async () => {
    stubApi(on('GET', '/quick-messages/', 200, page));
    renderWithProviders(<QuickMessagesPage user={me} canEditAny={false} canSetGeneral={false} />);
    const rows = await screen.findAllByTestId('quick-messages-row');
    expect(within(rows[0]!).getByText('catalogo.pdf')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('quick-message-geral-check')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('quick-messages-edit')).toBeNull();
    expect(within(rows[1]!).getByText('Sem anexo')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('quick-message-geral-check')).toBeNull();
    expect(within(rows[1]!).getByTestId('quick-messages-edit')).toBeTruthy();
  });

  it("the shortcode is required ('Obrigatório'); 'general' is offered to admins only; the one attachment is uploaded after the save", async () => {
    const calls = stubApi(
      on('GET', '/quick-messages/', 200, { records: [], count: 0, hasMore: false }),
      on('POST', '/quick-messages', 201, { ...own, id: 3 }),
      on('POST', '/quick-messages/3/media-upload', 201, { ...own, id: 3, isMedia: true, mediaName: 'meu_arquivo.pdf' }),
    );
    renderWithProviders(<QuickMessagesPage user={me} canEditAny canSetGeneral />);
    fireEvent.click(await screen.findByTestId('quick-messages-add'));
    fireEvent.click(await screen.findByTestId('quick-message-save'));
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(screen.getByTestId('quick-message-geral')).toBeTruthy();
    fireEvent.change(screen.getByTestId('quick-message-shortcode'), { target: { value: 'boleto' } });
    fireEvent.change(screen.getByTestId('quick-message-message'), { target: { value: 'Segue o boleto' } });
    const file = new File(['%PDF-1.4'], 'meu arquivo.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('quick-message-media-input'), { target: { files: [file] } });
    expect(screen.getByTestId('quick-message-media-name').textContent).toBe('meu arquivo.pdf');
    fireEvent.click(screen.getByTestId('quick-message-save'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/quick-messages/3/media-upload')).toBe(true));
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/quick-messages')?.body).toEqual({
      shortcode: 'boleto',
      message: 'Segue o boleto',
      geral: false,
    });
    const form = calls.find((call) => call.url === '/api/quick-messages/3/media-upload')?.body as FormData;
    expect(form.get('typeArch')).toBe('quickMessage');
    expect((form.get('file') as File).name).toBe('meu arquivo.pdf');
  });

  it('removing the attachment asks first, and the save then deletes it', async () => {
    const calls = stubApi(
      on('GET', '/quick-messages/', 200, page),
      on('PUT', '/quick-messages/2', 200, general),
      on('DELETE', '/quick-messages/2/media-upload', 200, { ...general, isMedia: false, mediaPath: null, mediaName: null }),
    );
    renderWithProviders(<QuickMessagesPage user={{ id: 1, companyId: 7 }} canEditAny canSetGeneral={false} />);
    fireEvent.click((await screen.findAllByTestId('quick-messages-edit'))[0]!);
    expect(screen.queryByTestId('quick-message-geral')).toBeNull();
    fireEvent.click(await screen.findByTestId('quick-message-media-remove'));
    fireEvent.click(await screen.findByTestId('quick-message-media-confirm-yes'));
    expect(screen.getByTestId('quick-message-media-name').textContent).toBe('Sem anexo');
    fireEvent.click(screen.getByTestId('quick-message-save'));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/quick-messages/2/media-upload')).toBe(true),
    );
  });

  it("a shortcode already taken is shown under the field, as a tag's name is ('Atalho já existe'), and the dialog stays open", async () => {
    stubApi(
      on('GET', '/quick-messages/', 200, { records: [], count: 0, hasMore: false }),
      on('POST', '/quick-messages', 400, {
        error: 'ERR_VALIDATION',
        message: 'A quick message with this shortcode exists',
        fields: [{ path: 'shortcode', message: 'Atalho já existe' }],
      }),
    );
    renderWithProviders(<QuickMessagesPage user={me} canEditAny={false} canSetGeneral={false} />);
    fireEvent.click(await screen.findByTestId('quick-messages-add'));
    fireEvent.change(await screen.findByTestId('quick-message-shortcode'), { target: { value: 'oi' } });
    fireEvent.click(screen.getByTestId('quick-message-save'));
    expect((await screen.findByTestId('quick-message-shortcode-error')).textContent).toBe('Atalho já existe');
    expect(screen.getByTestId('quick-message-modal')).toBeTruthy();
  });

  it('lists the variables beside the message; a click puts {{variable}} where the cursor is', async () => {
    const calls = stubApi(
      on('GET', '/quick-messages/', 200, { records: [], count: 0, hasMore: false }),
      on('POST', '/quick-messages', 201, { ...own, id: 4 }),
    );
    renderWithProviders(<QuickMessagesPage user={me} canEditAny={false} canSetGeneral={false} />);
    fireEvent.click(await screen.findByTestId('quick-messages-add'));
    const variables = within(await screen.findByTestId('quick-message-variables'));
    expect(variables.getAllByTestId('quick-message-variables-item').map((button) => button.textContent)).toEqual([
      '{{nome}}',
      '{{primeiroNome}}',
      '{{numero}}',
      '{{email}}',
    ]);
    fireEvent.change(screen.getByTestId('quick-message-shortcode'), { target: { value: 'oi' } });
    const message = screen.getByTestId('quick-message-message') as HTMLTextAreaElement;
    fireEvent.change(message, { target: { value: 'Olá , tudo bem?' } });
    message.focus();
    message.setSelectionRange(4, 4);
    fireEvent.pointerDown(variables.getByText('{{primeiroNome}}'));
    fireEvent.click(variables.getByText('{{primeiroNome}}'));
    await waitFor(() => expect(message.value).toBe('Olá {{primeiroNome}}, tudo bem?'));
    fireEvent.click(screen.getByTestId('quick-message-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ message: 'Olá {{primeiroNome}}, tudo bem?' });
  });
});
