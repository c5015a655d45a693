import { normaliseText, splitIntoChunks } from './chunking';

describe('splitIntoChunks', () => {
  it('keeps a short text whole', () => {
    expect(splitIntoChunks('  Prazo de entrega:\r\n\r\n\r\n 5 dias úteis. ')).toEqual(['Prazo de entrega:\n\n5 dias úteis.']);
  });

  it('cuts a long text at sentence ends, each chunk within the size, with overlap and nothing lost', () => {
    const sentences = Array.from({ length: 200 }, (_, i) => `Frase número ${i} fala da política ${i}.`);
    const text = sentences.join(' ');
    const chunks = splitIntoChunks(text, 300, 60);
    expect(chunks.length).toBeGreaterThan(20);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(300);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.endsWith('.')).toBe(true);
    for (const sentence of sentences) expect(chunks.some((chunk) => chunk.includes(sentence))).toBe(true);
    // Consecutive chunks share text.
    expect(chunks[1]!.slice(0, 20).length).toBeGreaterThan(0);
    expect(chunks[0]!.includes(chunks[1]!.slice(0, 10))).toBe(true);
  });

  it('cuts a text without spaces at the size', () => {
    const chunks = splitIntoChunks('x'.repeat(1000), 300, 50);
    expect(chunks.every((chunk) => chunk.length <= 300)).toBe(true);
    expect(chunks.join('').length).toBeGreaterThanOrEqual(1000);
  });

  it('folds blank runs', () => {
    expect(normaliseText('a \t b\n\n\n\nc')).toBe('a b\n\nc');
  });
});
