import type { CloudTemplate } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster, toaster } from '@/components/ui/toaster';
import { aCampaign, aConnection } from '@/testing/contract-fakes';
import { type FakeRoute, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { CampaignModal } from './campaign-modal';

const NOW = new Date('2026-11-26T15:00:00.000Z');

const template = (fields: Partial<CloudTemplate>): CloudTemplate => ({
  name: 'promocao_mensal',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'MARKETING',
  body: 'Olá {{1}}, a {{2}} tem ofertas.',
  bodyVariables: 2,
  headerVariables: 1,
  ...fields,
});

function lookups(...extra: FakeRoute[]) {
  return stubApi(
    on('GET', '/whatsapp', 200, [aConnection({ id: 4, name: 'Vendas' }), aConnection({ id: 9, name: 'Oficial', provider: 'cloud' })]),
    on('GET', '/whatsapp/9/cloud/templates', 200, [
      template({}),
      template({ name: 'aviso', language: 'es', bodyVariables: 0, headerVariables: 0 }),
      template({ name: 'em_analise', status: 'PENDING' }),
    ]),
    on('GET', '/contact-lists/list', 200, [{ id: 12, name: 'Clientes', contactsCount: 3 }]),
    on('GET', '/tags/list', 200, []),
    on('GET', '/files/', 200, { files: [], count: 0, hasMore: false }),
    on('GET', '/campaign-settings', 200, []),
    ...extra,
  );
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

// Each test drives a whole dialog: the machine's load, not the code, sets its pace.
describe('the campaign dialog on a Cloud API connection (issue 27)', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('offers the template picker only once a Cloud API connection is chosen, with the approved templates', async () => {
    lookups();
    renderWithProviders(<CampaignModal campaign={null} onClose={vi.fn()} now={NOW} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Vendas' }));
    expect(screen.queryByTestId('campaign-template')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Oficial' }));
    const picker = (await screen.findByTestId('campaign-template-pick')) as HTMLSelectElement;
    expect(Array.from(picker.options).map((option) => option.textContent)).toEqual([
      'Selecione um modelo',
      'promocao_mensal (pt_BR)',
      'aviso (es)',
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Oficial' }));
    await waitFor(() => expect(screen.queryByTestId('campaign-template')).toBeNull());
  });

  it('asks for a template, then sends it with each variable a contact field or fixed text', async () => {
    const onClose = vi.fn();
    const calls = lookups(on('POST', '/campaigns', 201, aCampaign({ id: 7 })));
    renderWithProviders(
      <>
        <Toaster />
        <CampaignModal campaign={null} onClose={onClose} now={NOW} />
      </>,
    );
    fireEvent.change(await screen.findByTestId('campaign-name'), { target: { value: 'Promoção' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Oficial' }));
    await screen.findByRole('option', { name: 'Clientes' });
    fireEvent.change(screen.getByTestId('campaign-contact-list'), { target: { value: '12' } });
    // no template yet: the dialog says one is needed and sends nothing
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText('Escolha um modelo: uma das conexões é da API oficial')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(await screen.findByTestId('campaign-template-pick'), { target: { value: 'promocao_mensal\u0000pt_BR' } });
    // a variable left empty is refused
    fireEvent.change(field('campaign-template-header-1'), { target: { value: 'Oferta' } });
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText('Preencha todas as variáveis do modelo')).toBeTruthy();
    // the first body variable takes the contact's first name from the variables beside it
    const variables = within(screen.getByTestId('campaign-template-variable-1-variables'));
    fireEvent.click(await variables.findByText('{{primeiroNome}}'));
    await waitFor(() => expect(field('campaign-template-variable-1').value).toBe('{{primeiroNome}}'));
    fireEvent.change(field('campaign-template-variable-2'), { target: { value: ' Loja Centro ' } });
    fireEvent.click(screen.getByTestId('campaign-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      whatsappId: 9,
      message1: null,
      contactListId: 12,
      template: {
        name: 'promocao_mensal',
        language: 'pt_BR',
        headerParameters: ['Oferta'],
        bodyParameters: ['{{primeiroNome}}', 'Loja Centro'],
      },
    });
  });

  it('an edited campaign shows its template and variables and keeps them when saved', async () => {
    const saved = {
      name: 'promocao_mensal',
      language: 'pt_BR',
      headerParameters: ['{{nome}}'],
      bodyParameters: ['{{primeiroNome}}', 'Loja Sul'],
    };
    const calls = lookups(on('PUT', '/campaigns/3', 200, aCampaign({ id: 3 })));
    renderWithProviders(
      <CampaignModal campaign={aCampaign({ id: 3, name: 'Mensal', whatsappId: 9, template: saved })} onClose={vi.fn()} now={NOW} />,
    );
    await waitFor(() =>
      expect((screen.getByTestId('campaign-template-pick') as HTMLSelectElement).value).toBe('promocao_mensal\u0000pt_BR'),
    );
    expect(field('campaign-template-variable-2').value).toBe('Loja Sul');
    fireEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ template: saved }));
  });
});
