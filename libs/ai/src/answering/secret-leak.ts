import type { Answerer } from './answerer';

/** The run of words an answer may share with the assistant's instructions before it counts as repeating them. */
const QUOTED_WORDS = 8;

const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Whether a model's answer gives away what the customer must never see: the provider key, or the
 * assistant's instructions (any run of QUOTED_WORDS words of its system prompt, so a model talked into
 * reciting them is caught even when it adds or drops a word around them).
 */
export function leaksSecret(answer: string, answerer: Answerer, rules: string): boolean {
  if (answerer.apiKey && answer.includes(answerer.apiKey)) return true;
  const said = ` ${words(answer).join(' ')} `;
  for (const instructions of [answerer.systemPrompt, rules]) {
    const taught = words(instructions);
    for (let start = 0; start + QUOTED_WORDS <= taught.length; start += 1) {
      if (said.includes(` ${taught.slice(start, start + QUOTED_WORDS).join(' ')} `)) return true;
    }
  }
  return false;
}
