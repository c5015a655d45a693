import { AI_DEFAULT_HANDOFF_KEYWORDS } from '@app/contracts';

import { asksForHuman } from './handoff-keywords';

describe('asksForHuman', () => {
  it.each([
    ['Quero falar com um atendente', true],
    ['ATENDENTE!!', true],
    ['tem alguma PESSOA aí?', true],
    ['me passa pra um humano por favor', true],
    ['atendênte', true],
    ['Esse preço é desumano', false],
    ['pessoalmente eu prefiro retirar na loja', false],
    ['Bom dia, qual o horário?', false],
  ])('%s → %s', (text, expected) => {
    expect(asksForHuman(text, AI_DEFAULT_HANDOFF_KEYWORDS)).toBe(expected);
  });

  it('takes keywords of several words as phrases, and ignores blank ones', () => {
    expect(asksForHuman('Posso falar com o gerente da loja?', ['gerente da loja', ' '])).toBe(true);
    expect(asksForHuman('O gerente não sabe da loja', ['gerente da loja', ' '])).toBe(false);
    expect(asksForHuman('qualquer coisa', [''])).toBe(false);
  });
});
