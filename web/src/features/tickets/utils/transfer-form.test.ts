import { describe, expect, it } from 'vitest';

import { matchUsers, toTransferBody } from './transfer-form';

describe('transfer', () => {
  it('a queue without a user makes the ticket pending and clears its user', () => {
    expect(toTransferBody({ queueId: '2', whatsappId: '', userId: null })).toEqual({ queueId: 2, userId: null, status: 'pending' });
  });

  it('a queue with a user hands the ticket to that user, on the chosen connection', () => {
    expect(toTransferBody({ queueId: '2', whatsappId: '4', userId: 8 })).toEqual({ queueId: 2, whatsappId: 4, userId: 8 });
  });

  it('the user search starts at 3 characters', () => {
    const users = [{ name: 'Bruno Lima' }, { name: 'Ana' }];
    expect(matchUsers(users, 'br')).toEqual([]);
    expect(matchUsers(users, 'BRU')).toEqual([{ name: 'Bruno Lima' }]);
  });
});
