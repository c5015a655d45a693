import { expectNodeTestPasses, nodeTestSummary } from './real-package/run-node-test';

jest.setTimeout(130_000);

it('the Baileys adapter passes its 23 tests against the real package, offline (node:test, see real-package/)', () => {
  expectNodeTestPasses('baileys-adapter.test.mjs', 23);
});

it("the node:test summary is read whole: 'pass 0' or a missing count is not a pass", () => {
  const printed = (pass: number) => `ℹ tests ${pass}\nℹ suites 1\nℹ pass ${pass}\nℹ fail 0\nℹ cancelled 0\nℹ skipped 0\nℹ todo 0\n`;
  expect(nodeTestSummary(printed(23))).toEqual({ pass: 23, fail: 0, cancelled: 0, skipped: 0, todo: 0 });
  expect(nodeTestSummary(printed(0)).pass).toBe(0);
  expect(nodeTestSummary('no summary at all').pass).toBe(-1);
});
