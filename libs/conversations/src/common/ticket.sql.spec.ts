import { indexedWord } from './ticket.sql';

describe('the word a search asks the message trigram index for', () => {
  it('is the word with a digit in a phrase, as an order or a number is rarer than the words around it', () => {
    expect(indexedWord('pedido 4242')).toBe('4242');
    expect(indexedWord('nota fiscal 2024 do cliente')).toBe('2024');
  });

  it('is the longest word otherwise, and the whole term when it has one word of a trigram or more', () => {
    expect(indexedWord('bom dia amigo')).toBe('amigo');
    expect(indexedWord('raríssimo')).toBe('raríssimo');
    expect(indexedWord('a de 12')).toBe('a de 12');
  });
});
