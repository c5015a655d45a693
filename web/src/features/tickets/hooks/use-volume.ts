import { useSyncExternalStore } from 'react';

/** Where the top bar's volume is kept in the browser (0 to 1, step 0.1; spec 1 section 9). */
export const VOLUME_STORAGE_KEY = 'volume';
export const DEFAULT_VOLUME = 1;

const listeners = new Set<() => void>();

export function readVolume(): number {
  try {
    const raw = localStorage.getItem(VOLUME_STORAGE_KEY);
    const stored = Number(raw);
    if (raw === null || raw === '' || !Number.isFinite(stored)) return DEFAULT_VOLUME;
    return Math.min(1, Math.max(0, stored));
  } catch {
    return DEFAULT_VOLUME;
  }
}

export function writeVolume(volume: number): void {
  const value = Math.round(Math.min(1, Math.max(0, volume)) * 10) / 10;
  try {
    localStorage.setItem(VOLUME_STORAGE_KEY, String(value));
  } catch {
    // storage unavailable: the volume lasts for this page only
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The notification volume, shared by the slider and the notification sound. */
export function useVolume(): [number, (volume: number) => void] {
  const volume = useSyncExternalStore(subscribe, readVolume, () => DEFAULT_VOLUME);
  return [volume, writeVolume];
}
