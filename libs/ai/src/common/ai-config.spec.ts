import { z } from 'zod';

import { aiConfigShape, aiOptionsFrom } from './ai-config';

const SECRET = 'k'.repeat(32);
const parse = (env: Record<string, string>) => z.object(aiConfigShape).safeParse(env);

describe('the ai service settings', () => {
  it('AI_CHATBOT_CONCURRENCY sets the chatbot turns run at once; unset or empty leaves the default (32, AnsweringService)', () => {
    const given = parse({ AI_CHATBOT_CONCURRENCY: '8' });
    expect(given.success && aiOptionsFrom(given.data, SECRET).chatbotConcurrency).toBe(8);
    for (const env of [{}, { AI_CHATBOT_CONCURRENCY: '' }] as Record<string, string>[]) {
      const unset = parse(env);
      expect(unset.success && aiOptionsFrom(unset.data, SECRET)).not.toHaveProperty('chatbotConcurrency');
    }
  });

  it('refuses an AI_CHATBOT_CONCURRENCY that is not a whole number from 1 to 1,000', () => {
    for (const value of ['0', '-3', '2.5', 'many', '1001']) expect(parse({ AI_CHATBOT_CONCURRENCY: value }).success).toBe(false);
  });
});
