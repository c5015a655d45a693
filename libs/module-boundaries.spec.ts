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

/**
 * A migration runs once, as it was written: it carries its own SQL and imports nothing that changes
 * after it (decision 0041), only TypeORM's interfaces and node's builtins. What it needs of the live
 * code (a mapper's payload, the outbox's envelope, a setting's name) is frozen in its own file.
 */
it('a migration imports nothing but typeorm and node builtins (decision 0041)', () => {
  const violations: string[] = [];
  for (const base of ['libs', 'apps']) {
    for (const file of tsFiles(path.join(root, base))) {
      const relative = path.relative(root, file);
      if (!relative.split(path.sep).includes('migrations')) continue;
      for (const target of importsOf(file)) {
        if (target !== 'typeorm' && !target.startsWith('node:')) violations.push(`${relative} -> ${target}`);
      }
    }
  }
  expect(violations).toEqual([]);
});

/** TypeORM's entity and ORM APIs (decision 0041: statements are `query(sql, params)`; the manager is only a transaction's handle). */
const ORM_API = [
  /@Entity\s*\(/,
  /\.getRepository\s*\(/,
  /\.createQueryBuilder\s*\(/,
  /\b(manager|dataSource|em)\s*\.\s*(find\w*|save|insert|update|upsert|delete|remove|count\w*|exists\w*|increment|decrement|create|merge|preload)\s*\(/,
];
/** The start of a statement or fragment of one in a string or template (the house writes SQL keywords in capitals). */
const SQL_TEXT =
  /[`'"]\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|WHERE|AND|OR|JOIN|LEFT JOIN|ORDER BY|GROUP BY|EXISTS|NOT EXISTS|CASE WHEN)\b[\s(]/;
/** Where SQL text may be written: repositories and their own statement files, migrations, the database plumbing, tests. */
const SQL_TEXT_HOMES = [
  /\.repository\.ts$/,
  /\.sql\.ts$/,
  /\/migrations\//,
  /\.migration\.ts$/,
  /\.(spec|integration-spec)\.ts$/,
  /\/testing\//,
  /^libs\/platform\/src\/database\//,
];

const libSources = () =>
  readdirSync(path.join(root, 'libs'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [...tsFiles(path.join(root, 'libs', e.name))])
    .map((file) => ({ file, relative: path.relative(root, file), text: readFileSync(file, 'utf8') }));

/** The lib a path of the tree is in (libs/<name>/...). */
const libNameOf = (relative: string) => relative.split('/')[1]!;

/** Files that break a rule, minus the ones named as known, plus known ones that no longer break it. */
function ruleViolations(breaks: (source: { relative: string; text: string }) => boolean, known: Set<string>) {
  const breaking = libSources().filter((source) => !/\.(spec|integration-spec)\.ts$/.test(source.relative) && breaks(source));
  const names = new Set(breaking.map((source) => source.relative));
  return {
    newcomers: [...names].filter((name) => !known.has(name)),
    mended: [...known].filter((name) => !names.has(name)),
  };
}

it('repositories write SQL, not entities and the ORM API (decision 0041)', () => {
  const { newcomers } = ruleViolations(({ text }) => ORM_API.some((pattern) => pattern.test(text)), new Set());
  expect(newcomers).toEqual([]);
});

it('SQL text is written only in repositories, their .sql.ts files and migrations (decision 0041)', () => {
  const { newcomers, mended } = ruleViolations(
    ({ relative, text }) => !SQL_TEXT_HOMES.some((home) => home.test(relative)) && text.split('\n').some((line) => SQL_TEXT.test(line)),
    new Set(),
  );
  expect(newcomers).toEqual([]);
  expect(mended).toEqual([]);
});

it("a repository's .sql.ts file is imported by that repository only; a common/ one by the lib's repositories (decision 0041)", () => {
  const violations: string[] = [];
  for (const { file, relative } of libSources()) {
    if (/\.(spec|integration-spec)\.ts$/.test(relative)) continue;
    for (const target of importsOf(file).filter((t) => t.startsWith('.'))) {
      const resolved = path.relative(root, path.resolve(path.dirname(file), target));
      if (!resolved.endsWith('.sql')) continue;
      const shared = path.basename(path.dirname(resolved)) === 'common';
      const allowed = shared
        ? libNameOf(relative) === libNameOf(resolved) && /\.(repository|sql)\.ts$/.test(relative)
        : relative === `${resolved.slice(0, -'.sql'.length)}.repository.ts`;
      if (!allowed) violations.push(`${relative} -> ${target}`);
    }
  }
  expect(violations).toEqual([]);
});

/** The groups of nodes that reach one another (Tarjan's strongly connected components of more than one node). */
function circlesOf(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** Each file's relative imports, resolved to the lib files they name. */
function relativeImports(sources: { file: string; relative: string }[]): Map<string, string[]> {
  const known = new Set(sources.map((s) => s.relative));
  const edges = new Map<string, string[]>();
  for (const { file, relative } of sources) {
    const targets = importsOf(file)
      .filter((t) => t.startsWith('.'))
      .map((t) => path.relative(root, path.resolve(path.dirname(file), t)))
      .flatMap((t) => [`${t}.ts`, `${t}/index.ts`].filter((candidate) => known.has(candidate)));
    edges.set(relative, targets);
  }
  return edges;
}

it('no import circle inside any lib (decision 0041)', () => {
  expect(circlesOf(relativeImports(libSources()))).toEqual([]);
});

/** Domain libs whose folders still import one another in a circle, until issue 22 reorganises them. */
const FOLDER_CIRCLES_STILL_IN = new Set<string>([]);

/**
 * A domain lib is feature folders (decision 0046): a folder may use another's exports, but no two
 * folders import each other, directly or round a circle, so each can be read from its dependencies
 * up. Folders are those holding the files (libs/outbound/src/campaigns/dispatch, .../campaigns); the
 * module that composes a domain imports its feature folders and is imported by none of them. Tests and
 * test helpers (testing/) are left out: they may start the whole service.
 */
it('the feature folders of a domain lib import one another in no circle (decision 0046)', () => {
  const circles: string[] = [];
  const domains = readdirSync(path.join(root, 'libs'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !SHARED.has(e.name))
    .map((e) => e.name);
  for (const lib of domains) {
    const sources = libSources().filter(
      ({ relative }) =>
        relative.startsWith(`libs/${lib}/`) && !/\.(spec|integration-spec)\.ts$/.test(relative) && !relative.split('/').includes('testing'),
    );
    const fileEdges = relativeImports(sources);
    const folderEdges = new Map<string, string[]>();
    for (const [file, targets] of fileEdges) {
      const folder = path.dirname(file);
      folderEdges.set(folder, [
        ...(folderEdges.get(folder) ?? []),
        ...targets.map((target) => path.dirname(target)).filter((target) => target !== folder),
      ]);
    }
    for (const circle of circlesOf(folderEdges)) circles.push(circle.join(' <-> '));
  }
  const libOf = (circle: string) => circle.split('/')[1]!;
  expect(circles.filter((circle) => !FOLDER_CIRCLES_STILL_IN.has(libOf(circle)))).toEqual([]);
  expect([...FOLDER_CIRCLES_STILL_IN].filter((lib) => !circles.some((circle) => libOf(circle) === lib))).toEqual([]);
});
