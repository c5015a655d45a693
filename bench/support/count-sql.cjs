// Preloaded into the services a benchmark starts (node --require): counts every statement sent
// through `pg` (TypeORM, pg-boss and the outbox listener all use it) and writes the counts, by the
// statement's first words, to BENCH_SQL_COUNT_FILE twice a second, so the benchmark can take the
// difference over its run without touching the product's code.
const { writeFileSync } = require('node:fs');
const { Client } = require('pg');

const file = process.env.BENCH_SQL_COUNT_FILE;
if (file) {
  const counts = new Map();
  const query = Client.prototype.query;
  Client.prototype.query = function countedQuery(config, ...rest) {
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const kind = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    return query.call(this, config, ...rest);
  };
  const flush = () => {
    try {
      writeFileSync(file, JSON.stringify(Object.fromEntries(counts)));
    } catch {
      // the benchmark removed its directory: it is done
    }
  };
  setInterval(flush, 500).unref();
  process.on('exit', flush);
}
