import { helpListResponseSchema, planResponseSchema } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { api, ApiContractError, parseAnswer } from '@/lib/api-client';
import { on, stubApi } from '@/testing/fake-api';

const help = {
  id: 1,
  title: 'Como usar',
  description: '',
  video: 'abc',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

describe('answers read with their contract schema', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('an answer that satisfies the schema comes back as the server sent it', async () => {
    stubApi(on('GET', '/helps/list', 200, [help]));
    await expect(api.get('/helps/list', { schema: helpListResponseSchema })).resolves.toEqual([help]);
  });

  it('an answer missing a field the schema requires fails loudly, naming the endpoint and the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { title: _missing, ...withoutTitle } = help;
    stubApi(on('GET', '/helps/list', 200, [withoutTitle]));
    const answer = api.get('/helps/list', { schema: helpListResponseSchema });
    await expect(answer).rejects.toBeInstanceOf(ApiContractError);
    await expect(answer).rejects.toThrow(/GET \/helps\/list.*0\.title/);
  });

  it('parseAnswer checks a body read some other way', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => parseAnswer(planResponseSchema, { id: 1, name: 'Basic' }, 'GET /plans/1')).toThrow(ApiContractError);
  });
});
