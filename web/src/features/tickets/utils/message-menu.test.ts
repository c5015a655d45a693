import { describe, expect, it } from 'vitest';

import { getMessageMenuActions, QUICK_REACTIONS } from './message-menu';

describe('message menu', () => {
  const ana = { id: 5, profile: 'user' };

  it('edit and delete are offered on own messages only; edit on text only', () => {
    expect(getMessageMenuActions({ fromMe: false, isDeleted: false, mediaType: 'chat', userId: null }, ana)).toEqual([
      'reply',
      'react',
      'forward',
    ]);
    expect(getMessageMenuActions({ fromMe: true, isDeleted: false, mediaType: 'chat', userId: 5 }, ana)).toEqual([
      'reply',
      'react',
      'forward',
      'edit',
      'delete',
    ]);
    expect(getMessageMenuActions({ fromMe: true, isDeleted: false, mediaType: 'image', userId: 5 }, ana)).toEqual([
      'reply',
      'react',
      'forward',
      'delete',
    ]);
  });

  it("a message another user sent is not the user's own; admins and supervisors edit and delete any sent message", () => {
    const byAdmin = { fromMe: true, isDeleted: false, mediaType: 'chat', userId: 1 };
    expect(getMessageMenuActions(byAdmin, ana)).toEqual(['reply', 'react', 'forward']);
    expect(getMessageMenuActions({ ...byAdmin, userId: null }, ana)).toEqual(['reply', 'react', 'forward']);
    expect(getMessageMenuActions(byAdmin, { id: 9, profile: 'supervisor' })).toEqual(['reply', 'react', 'forward', 'edit', 'delete']);
    expect(getMessageMenuActions(byAdmin, { id: 1, profile: 'admin' })).toEqual(['reply', 'react', 'forward', 'edit', 'delete']);
  });

  it('a deleted message offers nothing', () => {
    expect(getMessageMenuActions({ fromMe: true, isDeleted: true, mediaType: 'chat', userId: 5 }, ana)).toEqual([]);
  });

  it('has six quick reactions', () => {
    expect(QUICK_REACTIONS).toHaveLength(6);
  });
});
