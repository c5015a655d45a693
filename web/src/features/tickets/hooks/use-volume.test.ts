import { afterEach, describe, expect, it } from 'vitest';

import { DEFAULT_VOLUME, readVolume, writeVolume } from './use-volume';

describe('notification volume', () => {
  afterEach(() => localStorage.clear());

  it('is 1 until set, kept in the browser in steps of 0.1 between 0 and 1', () => {
    expect(readVolume()).toBe(DEFAULT_VOLUME);
    writeVolume(0.34);
    expect(localStorage.getItem('volume')).toBe('0.3');
    expect(readVolume()).toBe(0.3);
    writeVolume(7);
    expect(readVolume()).toBe(1);
    writeVolume(-1);
    expect(readVolume()).toBe(0);
  });

  it('a bad stored value falls back to the default', () => {
    localStorage.setItem('volume', 'loud');
    expect(readVolume()).toBe(DEFAULT_VOLUME);
  });
});
