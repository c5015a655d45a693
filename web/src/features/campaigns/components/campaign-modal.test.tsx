import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster, toaster } from '@/components/ui/toaster';
import { aCampaign, aConnection } from '@/testing/contract-fakes';
import { type FakeRoute, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { CampaignModal } from './campaign-modal';

const NOW = new Date('2026-11-26T15:00:00.000Z');
const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function lookups(...extra: FakeRoute[]) {
  return stubApi(
    on('GET', '/whatsapp', 200, [aConnection({ id: 4, name: 'Vendas' }), aConnection({ id: 9, name: 'Suporte' })]),
    on('GET', '/contact-lists/list', 200, [{ id: 12, name: 'Clientes', contactsCount: 3 }]),
    on('GET', '/tags/list', 200, [{ id: 5, name: 'VIP', color: '#ff0000', kanban: 0, companyId: 1 }]),
    on('GET', '/files/', 200, { files: [], count: 0, hasMore: false }),
    on('GET', '/campaign-settings', 200, [{ key: 'variables', value: JSON.stringify([{ key: 'loja', value: 'Centro' }]) }]),
    ...extra,
  );
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

// Each test drives a whole dialog (several submits): the machine's load, not the code, sets its pace.
describe('campaign dialog', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("shows the spec's name texts ('Required', 'Too Short!', 'Too Long!') and sends nothing until the name is right", async () => {
    const calls = lookups();
    renderWithProviders(
      <>
        <Toaster />
        <CampaignModal campaign={null} onClose={vi.fn()} now={NOW} />
      </>,
    );
    fireEvent.click(await screen.findByTestId('campaign-save'));
    expect(await screen.findByText('Required')).toBeTruthy();
    fireEvent.change(field('campaign-name'), { target: { value: 'A' } });
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText('Too Short!')).toBeTruthy();
    fireEvent.change(field('campaign-name'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText('Too Long!')).toBeTruthy();
    fireEvent.change(field('campaign-end-hour'), { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText('Hora de 1 a 24')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("sends the campaign with empty fields as null, the tag list 'Nenhuma' as null and scheduledAt as YYYY-MM-DD HH:mm:ss", async () => {
    const onClose = vi.fn();
    const calls = lookups(on('POST', '/campaigns', 201, aCampaign({ id: 31, name: 'Black Friday' })));
    renderWithProviders(
      <>
        <Toaster />
        <CampaignModal campaign={null} onClose={onClose} now={NOW} />
      </>,
    );
    fireEvent.change(await screen.findByTestId('campaign-name'), { target: { value: 'Black Friday' } });
    fireEvent.change(field('campaign-message-1'), { target: { value: 'Olá ' } });
    // The variables: the contact's and the settings' own, inserted where the cursor is.
    // Beside each message field (decision 0040: {{variable}}).
    const variables = within(screen.getByTestId('campaign-message-1-variables'));
    await variables.findByText('{{loja}}');
    expect(variables.getAllByTestId('campaign-message-1-variables-item').map((button) => button.textContent)).toEqual([
      '{{nome}}',
      '{{primeiroNome}}',
      '{{numero}}',
      '{{email}}',
      '{{loja}}',
    ]);
    field('campaign-message-1').focus();
    field('campaign-message-1').setSelectionRange(4, 4);
    fireEvent.pointerDown(variables.getByText('{{nome}}'));
    fireEvent.click(variables.getByText('{{nome}}'));
    await waitFor(() => expect(field('campaign-message-1').value).toBe('Olá {{nome}}'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Suporte' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vendas' }));
    await screen.findByRole('option', { name: 'Clientes' });
    expect((screen.getByTestId('campaign-tag-list') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Nenhuma');
    fireEvent.change(screen.getByTestId('campaign-contact-list'), { target: { value: '12' } });
    fireEvent.change(field('campaign-scheduled-at'), { target: { value: '2026-11-27T09:30' } });
    fireEvent.change(field('campaign-start-hour'), { target: { value: '8' } });
    fireEvent.change(field('campaign-end-hour'), { target: { value: '18' } });
    fireEvent.click(screen.getByTestId('campaign-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Black Friday',
      message1: 'Olá {{nome}}',
      message2: null,
      message3: null,
      message4: null,
      message5: null,
      confirmationMessage1: null,
      confirmationMessage2: null,
      confirmationMessage3: null,
      confirmationMessage4: null,
      confirmationMessage5: null,
      whatsappId: 9,
      whatsappId2: 4,
      whatsappId3: null,
      whatsappId4: null,
      whatsappId5: null,
      contactListId: 12,
      tagListId: null,
      fileListId: null,
      scheduledAt: '2026-11-27 09:30:00',
      startHour: 8,
      endHour: 18,
      allowSaturday: true,
      allowSunday: true,
      confirmation: false,
      template: null,
    });
    expect(await screen.findByText('Campanha salva com sucesso.')).toBeTruthy();
  });

  it("says its times are in the company's time zone", async () => {
    lookups(on('GET', '/settings', 200, [{ key: 'timezone', value: 'Asia/Tokyo', companyId: 1, updatedAt: '2026-01-01T00:00:00Z' }]));
    renderWithProviders(<CampaignModal campaign={null} onClose={vi.fn()} now={NOW} />);
    await waitFor(() => expect(screen.getByTestId('campaign-time-zone').textContent).toContain('Asia/Tokyo'));
  });

  it('shows the confirmation messages only when confirmation is on, and then asks for one', async () => {
    lookups();
    renderWithProviders(
      <>
        <Toaster />
        <CampaignModal campaign={aCampaign({ name: 'Com confirmação' })} onClose={vi.fn()} now={NOW} />
      </>,
    );
    await screen.findByTestId('campaign-message-1');
    expect(screen.queryByTestId('campaign-confirmation-message-1')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pedir confirmação' }));
    expect(await screen.findByTestId('campaign-confirmation-message-1')).toBeTruthy();
    fireEvent.change(field('campaign-scheduled-at'), { target: { value: '2026-11-27T09:30' } });
    fireEvent.change(field('campaign-message-1'), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText('Escreva ao menos uma mensagem de confirmação')).toBeTruthy();
  });

  it('an edited campaign shows its contact list, tag and file list once their options have loaded', async () => {
    lookups();
    renderWithProviders(<CampaignModal campaign={aCampaign({ contactListId: 12, tagListId: null })} onClose={vi.fn()} now={NOW} />);
    await screen.findByRole('option', { name: 'Clientes' });
    await waitFor(() => expect((screen.getByTestId('campaign-contact-list') as HTMLSelectElement).value).toBe('12'));
    expect((screen.getByTestId('campaign-contact-list') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Clientes');
    expect((screen.getByTestId('campaign-tag-list') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Nenhuma');
  });

  it.each([
    ['INATIVA', null, true],
    ['PROGRAMADA', minutesFromNow(90), true],
    ['PROGRAMADA', minutesFromNow(30), false],
    ['EM_ANDAMENTO', minutesFromNow(-30), false],
    ['CANCELADA', minutesFromNow(-30), true],
    ['FINALIZADA', minutesFromNow(-300), false],
  ] as const)('a %s campaign scheduled at %s opens editable: %s', async (status, scheduledAt, editable) => {
    lookups();
    renderWithProviders(
      <>
        <Toaster />
        <CampaignModal campaign={aCampaign({ status, scheduledAt, message1: 'Oi' })} onClose={vi.fn()} now={NOW} />
      </>,
    );
    await screen.findByTestId('campaign-name');
    for (const testId of ['campaign-name', 'campaign-message-1', 'campaign-scheduled-at', 'campaign-start-hour', 'campaign-contact-list']) {
      expect(field(testId).disabled, testId).toBe(!editable);
    }
    expect((screen.getByTestId('campaign-save') as HTMLButtonElement).disabled).toBe(!editable);
    expect(screen.queryByTestId('campaign-read-only') === null).toBe(editable);
  });

  it('uploads the chosen attachment after saving, and shows a refused save in a toast', async () => {
    const calls = lookups(
      on('PUT', '/campaigns/7', 200, aCampaign({ id: 7, name: 'Com anexo' })),
      on(
        'POST',
        '/campaigns/7/media-upload',
        200,
        aCampaign({ id: 7, name: 'Com anexo', mediaName: 'capa.png', mediaPath: '/public/capa.png' }),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <Toaster />
        <CampaignModal campaign={aCampaign({ id: 7, name: 'Com anexo' })} onClose={onClose} now={NOW} />
      </>,
    );
    const file = new File(['png'], 'capa.png', { type: 'image/png' });
    fireEvent.change(await screen.findByTestId('campaign-media-input'), { target: { files: [file] } });
    expect(screen.getByTestId('campaign-media-name').textContent).toBe('capa.png');
    fireEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const upload = calls.find((call) => call.url === '/api/campaigns/7/media-upload');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('shows the server refusing the save in a toast and keeps the dialog open', async () => {
    lookups(on('PUT', '/campaigns/7', 409, { error: 'ERR_CAMPAIGN_NOT_EDITABLE', message: 'not editable' }));
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <Toaster />
        <CampaignModal campaign={aCampaign({ id: 7, name: 'Recusada' })} onClose={onClose} now={NOW} />
      </>,
    );
    fireEvent.click(await screen.findByTestId('campaign-save'));
    expect(await screen.findByText(/Esta campanha não pode ser alterada agora/)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
