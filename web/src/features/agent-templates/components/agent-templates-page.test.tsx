import type { AgentTemplate } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { AgentTemplatesPage } from './agent-templates-page';

const at = '2026-11-27T12:00:00.000Z';
const aTemplate = (overrides: Partial<AgentTemplate> = {}): AgentTemplate => ({
  id: 1,
  name: 'Vendedor',
  category: 'vendas',
  description: 'Apresenta produtos e conduz o cliente até a compra, com calma e clareza.',
  basePrompt: 'Você é {{AGENT_NAME}} da {{COMPANY_NAME}}. '.repeat(3),
  requiredFields: ['agent_name', 'companyName', 'business_type', 'main_services', 'tone'],
  defaultConfig: {},
  icon: 'vendas',
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

describe('the agent templates page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('shows each card with its category, its icon (default for another category), the cut description and the first 3 fields plus +N', async () => {
    stubApi(
      on('GET', '/agent-templates', 200, { templates: [aTemplate(), aTemplate({ id: 2, category: 'outra', requiredFields: ['x'] })] }),
    );
    renderWithProviders(<AgentTemplatesPage />);
    const card = await screen.findByTestId('agent-template-1');
    expect(within(card).getByText('vendas')).toBeTruthy();
    expect(within(card).getByTestId('agent-template-icon').dataset.category).toBe('vendas');
    expect(within(card).getByText('Apresenta produtos e conduz o cliente até a compra...')).toBeTruthy();
    expect(within(card).getByText('5 campos obrigatórios')).toBeTruthy();
    expect(['agent name', 'company name', 'business type', '+2'].every((chip) => within(card).queryByText(chip))).toBe(true);
    expect(within(card).queryByText('main services')).toBeNull();
    expect(within(screen.getByTestId('agent-template-2')).getByTestId('agent-template-icon').dataset.category).toBe('default');
  });

  it('says so when there are none (also when the load fails)', async () => {
    stubApi(on('GET', '/agent-templates', 500, { error: 'ERR_INTERNAL', message: 'x' }));
    renderWithProviders(<AgentTemplatesPage />);
    expect(await screen.findByText('Nenhum template encontrado')).toBeTruthy();
    expect(screen.getByText('Crie templates para facilitar a criação de agentes IA')).toBeTruthy();
  });

  it("the dialog shows every validation text, previews the split fields, resets the prompt, creates with 'Criar Template' and closes", async () => {
    const calls = stubApi(
      on('GET', '/agent-templates', 200, { templates: [] }),
      on('POST', '/agent-templates', 201, { template: aTemplate({ id: 5 }), message: 'ok' }),
    );
    renderWithProviders(<AgentTemplatesPage />);
    fireEvent.click(await screen.findByTestId('agent-template-new'));
    const dialog = await screen.findByTestId('agent-template-dialog');
    fireEvent.change(within(dialog).getByTestId('agent-template-name'), { target: { value: 'R' } });
    fireEvent.change(within(dialog).getByTestId('agent-template-description'), { target: { value: 'd'.repeat(501) } });
    fireEvent.change(within(dialog).getByTestId('agent-template-basePrompt'), { target: { value: 'curto' } });
    fireEvent.change(within(dialog).getByTestId('agent-template-requiredFields'), { target: { value: ' , ' } });
    expect(within(dialog).getByTestId('agent-template-submit').textContent).toContain('Criar Template');
    fireEvent.click(within(dialog).getByTestId('agent-template-submit'));
    for (const text of ['Nome muito curto', 'Descrição muito longa', 'Prompt muito curto', 'Pelo menos um campo é obrigatório'])
      expect(await within(dialog).findByText(text)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('agent-template-name'), { target: { value: 'Recepção' } });
    fireEvent.change(within(dialog).getByTestId('agent-template-description'), { target: { value: 'Recebe clientes' } });
    fireEvent.click(within(dialog).getByText('Restaurar prompt padrão'));
    expect((within(dialog).getByTestId('agent-template-basePrompt') as HTMLTextAreaElement).value).toContain('{{AGENT_NAME}}');
    fireEvent.change(within(dialog).getByTestId('agent-template-requiredFields'), { target: { value: 'agent_name, ,tone' } });
    expect(within(screen.getByTestId('agent-template-field-chips')).getAllByText(/agent_name|tone/)).toHaveLength(2);
    fireEvent.click(within(dialog).getByTestId('agent-template-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        name: 'Recepção',
        category: 'atendimento',
        requiredFields: ['agent_name', 'tone'],
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('agent-template-dialog')).toBeNull());
  });

  it("asks 'Excluir Template' with the template's name before deleting it", async () => {
    const calls = stubApi(
      on('GET', '/agent-templates', 200, { templates: [aTemplate({ id: 3, name: 'FAQ Loja' })] }),
      on('DELETE', '/agent-templates/3', 200, { message: 'ok' }),
    );
    renderWithProviders(<AgentTemplatesPage />);
    fireEvent.click(within(await screen.findByTestId('agent-template-3')).getByLabelText('Excluir'));
    expect(await screen.findByText('Excluir Template')).toBeTruthy();
    expect(screen.getByText('Tem certeza que deseja excluir o template "FAQ Loja"?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('agent-template-delete-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/agent-templates/3')).toBe(true));
  });
});
