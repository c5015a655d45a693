import type { GroupContact } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster, toaster } from '@/components/ui/toaster';
import { type FakeCall, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { GroupsPage } from './groups-page';

const aGroup = (overrides: Partial<GroupContact> = {}): GroupContact => ({
  id: 1,
  name: 'Equipe de Vendas',
  number: '120363000000000001',
  isGroup: true,
  profilePicUrl: '',
  uuid: '00000000-0000-4000-8000-000000000001',
  activetranscribe: false,
  resumegroup: false,
  timeresume: '00:00:00',
  resumeprovider: 'openai',
  resumemodel: '',
  resumekey: '',
  resumemaxtokens: 2000,
  resumetemperature: 0.7,
  resumeprompt: '',
  lastSummaryAt: null,
  ...overrides,
});
const gets = (calls: FakeCall[]) => calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/groups'));
const puts = (calls: FakeCall[]) => calls.filter((call) => call.method === 'PUT');
/** 12:00 by the browser's clock. */
const noon = () => new Date(2026, 2, 10, 12, 0, 0);

describe('the groups page (/transcribe)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('shows each group as a card with its code and summary settings, and searches 500 ms after typing stops', async () => {
    const calls = stubApi(
      on('GET', '/groups', 200, {
        contacts: [
          aGroup(),
          aGroup({ id: 2, name: 'Família', resumegroup: true, resumemodel: 'gpt-4o', resumekey: '••••abcd', timeresume: '18:30:00' }),
        ],
        count: 2,
        hasMore: false,
      }),
    );
    renderWithProviders(<GroupsPage />);
    const cards = await screen.findAllByTestId('group-card');
    expect(cards.map((card) => within(card).getByTestId('group-name').textContent)).toEqual(['Equipe de Vendas', 'Família']);
    expect(within(cards[0]!).getByTestId('group-code').textContent).toContain('120363000000000001');
    expect(within(cards[1]!).getByTestId('group-summary-panel').textContent).toContain('gpt-4o••••abcd18:30');

    fireEvent.change(screen.getByTestId('groups-search'), { target: { value: 'Família' } });
    expect(gets(calls).some((call) => call.url.includes('searchParam=fam%C3%ADlia'))).toBe(false);
    await waitFor(() => expect(gets(calls).some((call) => call.url.includes('searchParam=fam%C3%ADlia'))).toBe(true), { timeout: 2000 });
  });

  it('loads the next page when the end of the list comes near', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          this.callback([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
    const calls = stubApi((call) => {
      if (call.method !== 'GET' || !call.url.startsWith('/api/groups')) return undefined;
      const body = call.url.includes('pageNumber=2')
        ? { contacts: [aGroup({ id: 3, name: 'Grupo 3' })], count: 3, hasMore: false }
        : { contacts: [aGroup({ id: 1, name: 'Grupo 1' }), aGroup({ id: 2, name: 'Grupo 2' })], count: 3, hasMore: true };
      return { status: 200, body };
    });
    renderWithProviders(<GroupsPage />);
    expect(await screen.findByText('Grupo 3')).toBeTruthy();
    expect(screen.getAllByTestId('group-card')).toHaveLength(3);
    expect(gets(calls).filter((call) => call.url.includes('pageNumber=3'))).toHaveLength(0);
  });

  it('the transcription toggle saves at once', async () => {
    const calls = stubApi(
      on('GET', '/groups', 200, { contacts: [aGroup()], count: 1, hasMore: false }),
      on('PUT', '/groups/1', 200, aGroup({ activetranscribe: true })),
    );
    renderWithProviders(<GroupsPage />);
    const toggle = await screen.findByTestId('group-transcribe-1');
    fireEvent.click(within(toggle).getByRole('checkbox'));
    await waitFor(() => expect(puts(calls)).toEqual([{ method: 'PUT', url: '/api/groups/1', body: { activetranscribe: true } }]));
  });

  it("the summary settings: a new provider clears the model, 'Outro' takes a free name, the time must be a minute ahead, the key goes back as shown", async () => {
    const group = aGroup({ resumemodel: 'gpt-4o', resumekey: '••••abcd', timeresume: '08:00:00' });
    const calls = stubApi(
      on('GET', '/groups', 200, { contacts: [group], count: 1, hasMore: false }),
      on('PUT', '/groups/1', 200, aGroup({ resumegroup: true })),
    );
    renderWithProviders(
      <>
        <GroupsPage now={noon} />
        <Toaster />
      </>,
    );
    fireEvent.click(await screen.findByTestId('group-settings-1'));
    const modal = await screen.findByTestId('summary-modal');
    expect((within(modal).getByTestId('summary-model') as HTMLSelectElement).value).toBe('gpt-4o');
    expect((within(modal).getByTestId('summary-key') as HTMLInputElement).value).toBe('••••abcd');

    fireEvent.change(within(modal).getByTestId('summary-provider'), { target: { value: 'openrouter' } });
    await waitFor(() => expect((within(modal).getByTestId('summary-model') as HTMLSelectElement).value).toBe(''));
    fireEvent.change(within(modal).getByTestId('summary-model'), { target: { value: 'Outro' } });
    fireEvent.change(await within(modal).findByTestId('summary-other-model'), { target: { value: 'mistralai/mistral-large' } });
    const summaryOn = within(within(modal).getByTestId('summary-on')).getByRole('checkbox') as HTMLInputElement;
    fireEvent.click(summaryOn);
    await waitFor(() => expect(summaryOn.checked).toBe(true));

    // 12:00 now: 12:00 is not a minute ahead.
    fireEvent.change(within(modal).getByTestId('summary-time'), { target: { value: '12:00' } });
    fireEvent.click(within(modal).getByTestId('summary-save'));
    expect(await within(modal).findByText('Selecione um horário com pelo menos 5 minutos de antecedência (após 12:01)')).toBeTruthy();
    expect(puts(calls)).toEqual([]);

    fireEvent.change(within(modal).getByTestId('summary-time'), { target: { value: '18:30' } });
    fireEvent.click(within(modal).getByTestId('summary-save'));
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        {
          method: 'PUT',
          url: '/api/groups/1',
          body: {
            resumegroup: true,
            resumeprovider: 'openrouter',
            resumemodel: 'mistralai/mistral-large',
            resumekey: '••••abcd',
            timeresume: '18:30:00',
            resumeprompt: '',
            resumemaxtokens: 2000,
            resumetemperature: 0.7,
          },
        },
      ]),
    );
    expect(await screen.findByText('Configurações de resumo salvas!')).toBeTruthy();
  }, 15_000);

  it('a summary switched on without a model says so and sends nothing', async () => {
    const calls = stubApi(on('GET', '/groups', 200, { contacts: [aGroup()], count: 1, hasMore: false }));
    renderWithProviders(<GroupsPage now={noon} />);
    fireEvent.click(await screen.findByTestId('group-settings-1'));
    const modal = await screen.findByTestId('summary-modal');
    const summaryOn = within(within(modal).getByTestId('summary-on')).getByRole('checkbox') as HTMLInputElement;
    fireEvent.click(summaryOn);
    await waitFor(() => expect(summaryOn.checked).toBe(true));
    fireEvent.click(within(modal).getByTestId('summary-save'));
    expect(await within(modal).findByText('Informe o modelo')).toBeTruthy();
    expect(await within(modal).findByText('Informe a chave da API')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });
  it("edits a group's contact name, deletes it after confirmation, and imports a sheet after confirmation", async () => {
    const contact = {
      id: 1,
      uuid: '00000000-0000-4000-8000-000000000001',
      name: 'Vendas SP',
      number: '120363000000000001',
      email: '',
      profilePicUrl: '',
      active: true,
      isGroup: true,
      whatsappId: null,
      extraInfo: [],
      companyId: 1,
      lastInteractionAt: null,
      createdAt: '2026-03-10T12:00:00.000Z',
      updatedAt: '2026-03-10T12:00:00.000Z',
    };
    const calls = stubApi(
      on('GET', '/groups', 200, { contacts: [aGroup(), aGroup({ id: 2, name: 'Família' })], count: 2, hasMore: false }),
      on('PUT', '/contacts/1', 200, contact),
      on('DELETE', '/contacts/2', 200, { message: 'Contact deleted' }),
      on('POST', '/contacts/upload', 200, { created: 3, skipped: 1, invalid: [] }),
    );
    renderWithProviders(
      <>
        <GroupsPage />
        <Toaster />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Editar contato do grupo Equipe de Vendas' }));
    const modal = await screen.findByTestId('group-contact-modal');
    fireEvent.change(within(modal).getByTestId('group-contact-modal-name'), { target: { value: ' ' } });
    fireEvent.click(within(modal).getByTestId('group-contact-modal-save'));
    expect(await within(modal).findByText('Required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    fireEvent.change(within(modal).getByTestId('group-contact-modal-name'), { target: { value: 'Vendas SP' } });
    fireEvent.click(within(modal).getByTestId('group-contact-modal-save'));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/contacts/1', body: { name: 'Vendas SP' } },
      ]),
    );
    await waitFor(() => expect(screen.getAllByTestId('group-name').map((name) => name.textContent)).toEqual(['Vendas SP', 'Família']));

    fireEvent.click(screen.getByRole('button', { name: 'Excluir o grupo Família' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText('Excluir Família?')).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/contacts/2')).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('group-card')).toHaveLength(1));

    const input = screen.getByTestId('groups-sheet-input') as HTMLInputElement;
    const picked = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByTestId('groups-import'));
    const importDialog = await screen.findByTestId('groups-import-dialog');
    expect(picked).not.toHaveBeenCalled();
    fireEvent.click(within(importDialog).getByTestId('groups-import-confirm'));
    expect(picked).toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(['x'], 'grupos.xlsx')] } });
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/contacts/upload')).toBe(true));
    expect(await screen.findByText('3 contato(s) importado(s), 1 já existiam')).toBeTruthy();
  }, 15_000);
});
