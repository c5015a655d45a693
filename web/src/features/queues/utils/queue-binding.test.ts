import { describe, expect, it } from 'vitest';

import { chooseBinding } from './queue-form';

describe('a queue binds one integration, one agent or one prompt', () => {
  it('choosing an integration clears the agent and the prompt, and choosing an agent clears the integration', () => {
    const withPrompt = { integrationId: null, agentId: null, promptId: 3 };
    expect(chooseBinding(withPrompt, 'integrationId', 4)).toEqual({ integrationId: 4, agentId: null, promptId: null });
    expect(chooseBinding({ integrationId: 4, agentId: null, promptId: null }, 'agentId', 7)).toEqual({
      integrationId: null,
      agentId: 7,
      promptId: null,
    });
  });

  it('choosing the one already chosen unbinds it', () => {
    expect(chooseBinding({ integrationId: 4, agentId: null, promptId: null }, 'integrationId', 4)).toEqual({
      integrationId: null,
      agentId: null,
      promptId: null,
    });
  });
});
