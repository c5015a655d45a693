import type { CopilotAnswer } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { CopilotPanel } from './copilot-panel';

const answer = (text: string, sources: string[] = []): CopilotAnswer => ({
  text,
  assistant: { kind: 'agent', id: 3, name: 'Suporte' },
  sources,
});

async function openPanel() {
  fireEvent.click(screen.getByTestId('copilot-open'));
  return within(await screen.findByTestId('copilot-panel'));
}

describe('the copilot panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a suggested reply with its sources and puts it into the draft on request, sending nothing', async () => {
    const calls = stubApi(
      on('POST', '/copilot/tickets/5/suggestion', 200, answer('Você tem 30 dias para devolver.', ['Política de trocas'])),
    );
    const onUseText = vi.fn();
    renderWithProviders(<CopilotPanel ticketId={5} draft="" onUseText={onUseText} />);
    const panel = await openPanel();
    expect(panel.getByTestId('copilot-rewrite')).toHaveProperty('disabled', true);
    fireEvent.click(panel.getByTestId('copilot-suggestion'));
    expect((await panel.findByTestId('copilot-answer')).textContent).toBe('Você tem 30 dias para devolver.');
    expect(panel.getByTestId('copilot-sources').textContent).toBe('Fontes: Política de trocas');
    expect(onUseText).not.toHaveBeenCalled();
    fireEvent.click(panel.getByTestId('copilot-use'));
    expect(onUseText).toHaveBeenCalledWith('Você tem 30 dias para devolver.');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/copilot/tickets/5/suggestion']);
  });

  it('summarises the conversation for reading only (no button to put it in the draft)', async () => {
    stubApi(on('POST', '/copilot/tickets/5/summary', 200, answer('- Cliente quer trocar um fone.')));
    renderWithProviders(<CopilotPanel ticketId={5} draft="" onUseText={vi.fn()} />);
    const panel = await openPanel();
    fireEvent.click(panel.getByTestId('copilot-summary'));
    expect((await panel.findByTestId('copilot-answer')).textContent).toBe('- Cliente quer trocar um fone.');
    expect(panel.queryByTestId('copilot-use')).toBeNull();
  });

  it('rewrites the draft in the mode chosen, a translation with its language', async () => {
    const calls = stubApi(on('POST', '/copilot/rewrite', 200, answer('Could you send the order number?')));
    const onUseText = vi.fn();
    renderWithProviders(<CopilotPanel ticketId={5} draft="vc pode mandar o numero do pedido?" onUseText={onUseText} />);
    const panel = await openPanel();
    expect([...panel.getByTestId('copilot-mode').querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Corrigir',
      'Mais amigável',
      'Mais formal',
      'Traduzir',
    ]);
    fireEvent.change(panel.getByTestId('copilot-mode'), { target: { value: 'translate' } });
    fireEvent.change(panel.getByTestId('copilot-language'), { target: { value: 'en' } });
    fireEvent.click(panel.getByTestId('copilot-rewrite'));
    await panel.findByTestId('copilot-answer');
    expect(calls[0]!.body).toEqual({ draft: 'vc pode mandar o numero do pedido?', mode: 'translate', language: 'en' });
    fireEvent.click(panel.getByTestId('copilot-use'));
    expect(onUseText).toHaveBeenCalledWith('Could you send the order number?');
  });

  it('says in words when the company has no provider configured', async () => {
    stubApi(on('POST', '/copilot/tickets/5/summary', 409, { error: 'ERR_COPILOT_NO_PROVIDER', message: 'x' }));
    renderWithProviders(<CopilotPanel ticketId={5} draft="" onUseText={vi.fn()} />);
    const panel = await openPanel();
    fireEvent.click(panel.getByTestId('copilot-summary'));
    expect((await panel.findByTestId('copilot-error')).textContent).toBe(
      'Nenhum agente ou prompt ativo com chave de API nesta empresa: configure um para usar o Copiloto.',
    );
  });
});
