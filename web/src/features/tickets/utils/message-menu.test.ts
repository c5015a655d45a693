import { describe, expect, it } from 'vitest';
import { getMessageMenuActions, QUICK_REACTIONS } from './message-menu';

describe('message menu', () => {
  it('edit and delete are offered on own messages only; edit on text only', () => {
    expect(getMessageMenuActions({ fromMe: false, isDeleted: false, mediaType: 'chat' })).toEqual(['reply', 'react', 'forward']);
    expect(getMessageMenuActions({ fromMe: true, isDeleted: false, mediaType: 'chat' })).toEqual(['reply', 'react', 'forward', 'edit', 'delete']);
    expect(getMessageMenuActions({ fromMe: true, isDeleted: false, mediaType: 'image' })).toEqual(['reply', 'react', 'forward', 'delete']);
  });

  it('a deleted message offers nothing', () => {
    expect(getMessageMenuActions({ fromMe: true, isDeleted: true, mediaType: 'chat' })).toEqual([]);
  });

  it('has six quick reactions', () => {
    expect(QUICK_REACTIONS).toHaveLength(6);
  });
});
