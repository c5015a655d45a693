import { RecentEvents } from './recent-events';

describe('RecentEvents', () => {
  it('knows an event forwarded on its topic, not the same id on another topic', () => {
    const recent = new RecentEvents();
    expect(recent.has('conversations.messages', 'a')).toBe(false);
    recent.add('conversations.messages', 'a');
    expect(recent.has('conversations.messages', 'a')).toBe(true);
    expect(recent.has('conversations.tickets', 'a')).toBe(false);
  });

  it('forgets the oldest past its capacity and anything older than its age', () => {
    let now = 0;
    const recent = new RecentEvents(2, 1_000, () => now);
    recent.add('t', 'a');
    now = 500;
    recent.add('t', 'b');
    recent.add('t', 'c');
    expect([recent.has('t', 'a'), recent.has('t', 'b'), recent.has('t', 'c')]).toEqual([false, true, true]);
    now = 1_600;
    expect([recent.has('t', 'b'), recent.has('t', 'c')]).toEqual([false, false]);
    expect(recent.size).toBe(0);
  });
});
