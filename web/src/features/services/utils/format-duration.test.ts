import { describe, expect, it } from 'vitest';

import { formatDuration } from './format-duration';

describe('a service duration', () => {
  it('is shown as Xh Ymin', () => {
    expect(formatDuration(90)).toBe('1h 30min');
    expect(formatDuration(45)).toBe('0h 45min');
    expect(formatDuration(120)).toBe('2h 0min');
    expect(formatDuration(1440)).toBe('24h 0min');
  });
});
