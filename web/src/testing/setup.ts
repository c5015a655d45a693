import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { loadAllLanguages } from '@/lib/i18n';

// How long findBy*/waitFor wait for what must appear (1 s by default): a screen's first render on a
// loaded 2-core machine can take longer. Nothing here measures speed.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Chakra (Ark/Zag), next-themes and our hooks use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= IntersectionObserverStub as unknown as typeof IntersectionObserver;

window.scrollTo ??= vi.fn() as unknown as typeof window.scrollTo;
// The combobox finds its items by id with CSS.escape, which jsdom has not; ids here are plain text.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/([^\w-])/g, '\\$1');
Element.prototype.scrollIntoView ??= vi.fn();

// The app fetches a language's texts when it is chosen; tests have them all, as they switch freely.
await loadAllLanguages();

afterEach(() => {
  cleanup();
  // The toaster is one store for the whole file: a toast a test left (one at a time, an error kept
  // for its time) would hold the next test's toast back.
  toaster.remove();
  window.localStorage.clear();
  document.documentElement.className = '';
});
