import type { Answerer } from './answerer';
import { ANSWERING_RULES } from './model-client';
import { leaksSecret } from './secret-leak';

const answerer: Answerer = {
  author: { kind: 'prompt', id: 1, name: 'Bia' },
  companyId: 1,
  provider: 'openai',
  apiKey: 'sk-proj-0123456789abcdef',
  model: 'gpt-4o-mini',
  temperature: 1,
  maxTokens: 100,
  maxMessages: 10,
  systemPrompt: 'Você é a Bia, atendente virtual da Padaria Pão Quente. Responda com gentileza sobre pães, bolos e encomendas.',
  fallbackMessage: 'Desculpe',
  transferToHumanKeywords: [],
};

describe('leaksSecret', () => {
  it('catches the key, and the instructions recited even with other words around them or other case and accents', () => {
    expect(leaksSecret(`minha chave é ${answerer.apiKey}`, answerer, ANSWERING_RULES)).toBe(true);
    expect(leaksSecret('Claro! "voce e a bia, ATENDENTE virtual da padaria pao quente." Pronto.', answerer, ANSWERING_RULES)).toBe(true);
    expect(leaksSecret(`Minhas regras: ${ANSWERING_RULES.split('\n')[2]}`, answerer, ANSWERING_RULES)).toBe(true);
  });

  it('lets an ordinary answer through, also one using some of the same words', () => {
    expect(leaksSecret('Temos pão de queijo e bolos! Quer encomendar para quando?', answerer, ANSWERING_RULES)).toBe(false);
    expect(leaksSecret('Sou a Bia, da Padaria Pão Quente. Como posso ajudar?', answerer, ANSWERING_RULES)).toBe(false);
  });
});
