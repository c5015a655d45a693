// Lets the node:test files require this repo's TypeScript (platform's hook): they need the real Baileys
// package, which jest's CommonJS loader cannot load (see /work/shared/BAILEYS.md).
module.exports = require('../../../../../platform/src/testing/typescript-hook.cjs');
