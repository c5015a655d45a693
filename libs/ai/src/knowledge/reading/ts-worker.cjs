// Starts the document reader worker from this repo's TypeScript when the code runs from its sources (jest).
// Built code (dist/) starts the compiled .js worker directly and never loads this file.
const { workerData } = require('node:worker_threads');

require('../../../../platform/src/testing/typescript-hook.cjs');
require(workerData.entry);
