#!/usr/bin/env node
// Knowledge retrieval (issue 23): one company's agent with 10,000 document chunks (another company
// with as many beside it), questions searched the way an agent's answer searches them
// (libs/ai/src/knowledge/knowledge.sql.ts: Portuguese, English and Spanish full text, GIN index,
// ranked). Prints the p50, p99 and max of a retrieval beside the target (p99 under 30 ms).
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/ai-knowledge.mjs [chunks=10000] [questions=500]
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { Client } = require('pg');
const dist = (file) => require(path.join(root, 'dist/libs/ai/src', file));

const [chunksArg = '10000', questionsArg = '500'] = process.argv.slice(2);
const CHUNKS = Number(chunksArg);
const QUESTIONS = Number(questionsArg);
const TARGET_P99_MS = 30;
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required');

// A vocabulary with a Zipf-like use (a few words everywhere, most rare), and Portuguese's stop words, so
// that chunks and questions share words the way a company's documents and its customers' questions do.
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const syllables = [
  'ca',
  'de',
  'pro',
  'ven',
  'tra',
  'mi',
  'lo',
  'pa',
  'ga',
  'men',
  'to',
  'ção',
  're',
  'sen',
  'ti',
  'mo',
  'bra',
  'zil',
  'por',
  'es',
];
const vocabulary = Array.from({ length: 4000 }, (_, i) => {
  let word = '';
  for (let n = i + 7; word.length < 4 || n > 0; n = Math.floor(n / syllables.length)) word += syllables[n % syllables.length];
  return word;
});
const stopWords = ['o', 'a', 'de', 'que', 'e', 'do', 'da', 'em', 'um', 'para', 'com', 'não', 'uma', 'os', 'no', 'se', 'na', 'por', 'mais'];
const word = () =>
  random() < 0.35 ? stopWords[Math.floor(random() * stopWords.length)] : vocabulary[Math.floor(vocabulary.length * random() ** 2.5)];
const sentence = (words) => Array.from({ length: words }, word).join(' ');
const chunkText = () => {
  let text = '';
  while (text.length < 1100) text += `${sentence(8 + Math.floor(random() * 12))}. `;
  return text.slice(0, 1200);
};

const dbName = `bench_knowledge_${randomBytes(4).toString('hex')}`;
const admin = new Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const db = new Client({ connectionString: dbUrl.href });
await db.connect();
try {
  // The service's own migrations, in order, as the service runs them.
  await db.query(`CREATE SCHEMA ai`);
  const runner = { query: (sql, params) => db.query(sql, params) };
  for (const file of [
    '1764000000000-ai-initial',
    '1764000000100-deleted-queues',
    '1764000000200-agents-and-templates',
    '1764000000300-answering',
    '1764000000400-knowledge',
  ]) {
    const module = dist(`migrations/${file}.js`);
    const Migration = Object.values(module).find((value) => typeof value === 'function');
    await new Migration().up(runner);
  }
  const { KNOWLEDGE_SEARCH_SQL } = dist('knowledge/knowledge.sql.js');

  const started = Date.now();
  for (const companyId of [1, 2]) {
    const [{ id: agentId }] = (
      await db.query(
        `INSERT INTO ai.agents (company_id, name, api_key, api_key_shown, fallback_message) VALUES ($1, 'Agente', '', '', '') RETURNING id`,
        [companyId],
      )
    ).rows;
    // 100 documents of CHUNKS / 100 chunks each.
    for (let d = 0; d < 100; d++) {
      const [{ id: documentId }] = (
        await db.query(
          `INSERT INTO ai.knowledge_documents (company_id, agent_id, title, source_kind, status) VALUES ($1, $2, $3, 'text', 'ready') RETURNING id`,
          [companyId, agentId, `Documento ${d}`],
        )
      ).rows;
      const bodies = Array.from({ length: CHUNKS / 100 }, chunkText);
      await db.query(
        `INSERT INTO ai.knowledge_chunks (document_id, company_id, agent_id, position, body)
         SELECT $1, $2, $3, position - 1, body FROM unnest($4::text[]) WITH ORDINALITY AS chunk (body, position)`,
        [documentId, companyId, agentId, bodies],
      );
    }
  }
  await db.query(`ANALYZE ai.knowledge_chunks`);
  await db.query(`ANALYZE ai.knowledge_documents`);
  console.log(`loaded ${CHUNKS} chunks for each of 2 companies in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const measure = async (label, agentScope) => {
    const times = [];
    let found = 0;
    for (let q = 0; q < QUESTIONS; q++) {
      const question = `${sentence(4 + Math.floor(random() * 10))}?`;
      const t0 = process.hrtime.bigint();
      const { rows } = await db.query(KNOWLEDGE_SEARCH_SQL, [1, agentScope, question, 4]);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (rows.length > 0) found++;
    }
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    const p99 = at(0.99);
    console.log(
      `${label.padEnd(34)} p50 ${at(0.5).toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms (target < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'})  max ${times.at(-1).toFixed(1)} ms  questions with passages ${found}/${QUESTIONS}`,
    );
  };
  // Warm-up (the first statements plan and read the index from disk).
  for (let i = 0; i < 20; i++) await db.query(KNOWLEDGE_SEARCH_SQL, [1, 1, sentence(6), 4]);
  await measure("retrieval, the agent's documents", 1);
  await measure("retrieval, all the company's (copilot)", null);
} finally {
  await db.end();
  await admin.query(`DROP DATABASE ${dbName}`);
  await admin.end();
}
