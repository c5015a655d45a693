import type { CloudTemplate } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aMessage } from '../testing/ticket-factory';
import { TemplateComposer } from './template-composer';

const template = (fields: Partial<CloudTemplate>): CloudTemplate => ({
  name: 'retomar_contato',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  body: 'Olá {{1}}, seu pedido {{2}} está pronto.',
  bodyVariables: 2,
  headerVariables: 0,
  ...fields,
});
const templates = [
  template({}),
  template({ name: 'promo', language: 'es', body: 'Oferta {{1}}', bodyVariables: 1, headerVariables: 1, category: 'MARKETING' }),
  template({ name: 'em_analise', status: 'PENDING' }),
];

describe('the composer of a Cloud API ticket whose 24-hour window has closed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the window is closed and offers only the approved templates, with their language', async () => {
    stubApi(on('GET', '/whatsapp/3/cloud/templates', 200, templates));
    renderWithProviders(<TemplateComposer ticketId={5} connectionId={3} />);
    expect(screen.getByRole('heading', { name: 'Janela de 24 horas fechada' })).toBeTruthy();
    expect(screen.getByTestId('template-window-closed').textContent).toContain('só entrega modelos de mensagem aprovados');
    const picker = (await screen.findByLabelText('Modelo')) as HTMLSelectElement;
    expect(Array.from(picker.options).map((option) => option.textContent)).toEqual([
      'Selecione um modelo',
      'retomar_contato (pt_BR)',
      'promo (es)',
    ]);
    expect(screen.queryByTestId('template-send')).toBeNull();
  });

  it('a picked template asks for each variable, previews the text as filled and sends it on the ticket', async () => {
    const calls = stubApi(
      on('GET', '/whatsapp/3/cloud/templates', 200, templates),
      on('POST', '/messages/5/template', 201, aMessage({ id: 30, ticketId: 5, fromMe: true, body: 'Olá Ana, seu pedido #9 está pronto.' })),
    );
    renderWithProviders(<TemplateComposer ticketId={5} connectionId={3} />);
    fireEvent.change(await screen.findByLabelText('Modelo'), { target: { value: 'retomar_contato\u0000pt_BR' } });
    expect(screen.getByTestId('template-preview').textContent).toBe('Olá {{1}}, seu pedido {{2}} está pronto.');
    const send = screen.getByTestId('template-send') as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText(/Variável 1/), { target: { value: 'Ana' } });
    expect(screen.getByTestId('template-preview').textContent).toBe('Olá Ana, seu pedido {{2}} está pronto.');
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Variável 2/), { target: { value: ' #9 ' } });
    expect(screen.getByTestId('template-preview').textContent).toBe('Olá Ana, seu pedido #9 está pronto.');
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'retomar_contato',
      language: 'pt_BR',
      body: 'Olá {{1}}, seu pedido {{2}} está pronto.',
      bodyParameters: ['Ana', '#9'],
      headerParameters: [],
    });
    await waitFor(() => expect((screen.getByLabelText('Modelo') as HTMLSelectElement).value).toBe(''));
  });

  it("a template with a header variable asks for it too and sends it as the header's parameter", async () => {
    const calls = stubApi(
      on('GET', '/whatsapp/3/cloud/templates', 200, templates),
      on('POST', '/messages/5/template', 201, aMessage({ id: 31, ticketId: 5, fromMe: true })),
    );
    renderWithProviders(<TemplateComposer ticketId={5} connectionId={3} />);
    fireEvent.change(await screen.findByLabelText('Modelo'), { target: { value: 'promo\u0000es' } });
    fireEvent.change(screen.getByLabelText(/Cabeçalho: variável 1/), { target: { value: 'Maria' } });
    fireEvent.change(screen.getByLabelText(/Variável 1/), { target: { value: '20%' } });
    fireEvent.click(screen.getByTestId('template-send'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'promo',
      language: 'es',
      bodyParameters: ['20%'],
      headerParameters: ['Maria'],
    });
  });

  it('says so when the number has no approved template', async () => {
    stubApi(on('GET', '/whatsapp/3/cloud/templates', 200, [template({ status: 'REJECTED' })]));
    renderWithProviders(<TemplateComposer ticketId={5} connectionId={3} />);
    expect((await screen.findByTestId('template-none')).textContent).toContain('não tem modelos aprovados');
    expect(screen.queryByLabelText('Modelo')).toBeNull();
  });
});
