/**
 * A domain lib imports only libs/platform and libs/contracts, never another domain; apps import
 * libs only through their aliases. (Nx project tags say the same for tooling; this test enforces it.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const SHARED = new Set(['platform', 'contracts']);

function* tsFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(|require\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

it('no lib imports a domain lib other than itself; platform and contracts import no domain', () => {
  const libs = readdirSync(path.join(root, 'libs'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const violations: string[] = [];
  for (const lib of libs) {
    for (const file of tsFiles(path.join(root, 'libs', lib))) {
      for (const target of importsOf(file)) {
        const alias = /^@app\/([\w-]+)/.exec(target)?.[1];
        if (alias && alias !== lib && !SHARED.has(alias)) violations.push(`${path.relative(root, file)} -> ${target}`);
        if (SHARED.has(lib) && alias && !SHARED.has(alias)) violations.push(`${path.relative(root, file)} -> ${target}`);
        if (lib === 'contracts' && alias === 'platform') violations.push(`${path.relative(root, file)} -> ${target}`);
        if (target.startsWith('.') && !path.resolve(path.dirname(file), target).startsWith(path.join(root, 'libs', lib))) {
          violations.push(`${path.relative(root, file)} -> ${target} (relative path out of its lib)`);
        }
      }
    }
  }
  expect(violations).toEqual([]);
});

/** Files where SQL may be written (decision 0026): repositories, migrations, and the database plumbing itself. */
const SQL_HOMES = [
  /\.repository\.ts$/,
  /\/migrations\//,
  /\.migration\.ts$/,
  /\.(spec|integration-spec)\.ts$/,
  /\/testing\//,
  /^libs\/platform\/src\/database\/(service-data-source|service-database\.module|embedded-postgres|cancellable-query)\.ts$/,
];

/** Reaching the database: TypeORM's APIs and raw queries (a repository's own `transaction(work)` helper is not). */
const SQL_ACCESS = [
  /@Inject(DataSource|Repository|EntityManager)\b/,
  /\b(dataSource|manager|queryRunner|runner)\s*\.\s*(query|find\w*|insert|update|upsert|delete|save|count\w*|exists\w*|increment|decrement|createQueryBuilder|getRepository|transaction)\s*\(/,
  /\.createQueryBuilder\s*\(/,
  /\.getRepository\s*\(/,
];

it('every SQL statement lives in a repository or a migration (decision 0026)', () => {
  const violations: string[] = [];
  for (const lib of readdirSync(path.join(root, 'libs'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)) {
    for (const file of tsFiles(path.join(root, 'libs', lib))) {
      const relative = path.relative(root, file);
      if (SQL_HOMES.some((home) => home.test(relative))) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (SQL_ACCESS.some((pattern) => pattern.test(line))) violations.push(`${relative}:${index + 1}: ${line.trim()}`);
        });
    }
  }
  expect(violations).toEqual([]);
});

it('only libs/platform/src/events talks to Kafka (decision 0026)', () => {
  const violations: string[] = [];
  for (const dir of ['libs', 'apps']) {
    for (const file of tsFiles(path.join(root, dir))) {
      const relative = path.relative(root, file);
      if (relative.startsWith('libs/platform/src/events/') || /\.(spec|integration-spec)\.ts$/.test(relative)) continue;
      if (importsOf(file).some((target) => target === 'kafkajs' || target.startsWith('kafkajs/'))) violations.push(relative);
    }
  }
  expect(violations).toEqual([]);
});
