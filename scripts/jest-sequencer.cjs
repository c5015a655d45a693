/**
 * Longest test files first, so two workers end together rather than one finishing a long browser
 * journey alone at the end. A file's time from jest's cache (its last run on this machine) when
 * known; else an estimate by its project (a browser journey boots the product and Chromium, a
 * distributed one several processes) and its size. jest's own order puts files with no recorded
 * time by size alone, which on a fresh clone mixes minute-long journeys in among unit files.
 */
const Sequencer = require('@jest/test-sequencer').default;

/** Seconds a file of the project takes per kilobyte of its source, roughly (measured 2026-11-27). */
const SECONDS_PER_KB = { browser: 12, distributed: 8, integration: 1.5, unit: 0.1 };

class LongestFirst extends Sequencer {
  sort(tests) {
    const expected = new Map();
    for (const test of tests) {
      const recorded = this.time(test);
      const project = test.context.config.displayName?.name ?? 'unit';
      const kilobytes = (test.context.hasteFS.getSize(test.path) ?? 0) / 1024;
      expected.set(test, recorded ?? (SECONDS_PER_KB[project] ?? SECONDS_PER_KB.unit) * kilobytes * 1000);
      test.duration = recorded;
    }
    return [...tests].sort((a, b) => expected.get(b) - expected.get(a));
  }
}

module.exports = LongestFirst;
