import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import { AppError } from '../errors/app-error';
import { SHEET_LIMITS } from './sheet-limits';
import type { SheetAnswer, SheetRequest, SheetTask } from './sheet-reader.worker';
import { refuseSheet } from './sheet-refusal';
import { checkSpreadsheet, type SpreadsheetOptions, type SpreadsheetTable } from './spreadsheet';

interface QueuedRead {
  task: SheetTask;
  resolve: (table: SpreadsheetTable) => void;
  reject: (error: unknown) => void;
}

/** Reads waiting for a worker at most; more are answered 503 at once rather than queued for minutes. */
const MAX_WAITING = 32;
/** Heap a worker may use: a sheet within SHEET_LIMITS needs a few hundred MB at most. */
const WORKER_HEAP_MB = 1024;
/** An idle worker is ended after this long (a new one starts in about 100 ms). */
const IDLE_MS = 30_000;

/** From sources (jest) the worker is TypeScript, started through a loader that compiles it. */
export function workerScript(): { file: string; workerData?: { entry: string } } {
  if (__filename.endsWith('.ts')) {
    return { file: path.join(__dirname, 'ts-worker.cjs'), workerData: { entry: path.join(__dirname, 'sheet-reader.worker.ts') } };
  }
  return { file: path.join(__dirname, 'sheet-reader.worker.js') };
}

/**
 * A few worker threads that read uploaded sheets, so that unpacking and parsing one (seconds of CPU
 * for 100,000 rows) never holds up the requests the process answers meanwhile. Reads wait their turn
 * in a bounded queue; each has SHEET_LIMITS.readSeconds of a worker's time, after which (or when it
 * runs out of heap) its worker is ended and the sheet refused.
 */
export class SheetReaderPool {
  private readonly idle: Worker[] = [];
  private readonly workers = new Set<Worker>();
  private readonly waiting: QueuedRead[] = [];
  private busy = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly size: number,
    private readonly readMs = SHEET_LIMITS.readSeconds * 1000,
    private readonly idleMs = IDLE_MS,
  ) {}

  /**
   * The sheet as a table: what can be refused from its directory is refused at once (before it
   * waits for a worker); the rest is read by a worker.
   */
  async read(fileName: string, bytes: Buffer, options: SpreadsheetOptions): Promise<SpreadsheetTable> {
    checkSpreadsheet(fileName, bytes, options);
    if (this.waiting.length >= MAX_WAITING) throw refuseSheet('busy', 'Muitas planilhas sendo lidas agora: tente de novo em instantes');
    return new Promise((resolve, reject) => {
      this.waiting.push({ task: { fileName, bytes, options }, resolve, reject });
      this.next();
    });
  }

  /** Ends the workers (tests, shutdown); reads in progress are refused. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.idle.length = 0;
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  private next(): void {
    while (this.busy < this.size && this.waiting.length > 0) {
      clearTimeout(this.idleTimer);
      const read = this.waiting.shift()!;
      this.busy++;
      this.run(this.idle.pop() ?? this.start(), read);
    }
    if (this.busy === 0) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => void Promise.all(this.idle.splice(0).map((worker) => worker.terminate())), this.idleMs).unref();
    }
  }

  private start(): Worker {
    const script = workerScript();
    const worker = new Worker(script.file, {
      workerData: script.workerData,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.unref();
    this.workers.add(worker);
    worker.once('exit', () => {
      this.workers.delete(worker);
      const idle = this.idle.indexOf(worker);
      if (idle >= 0) this.idle.splice(idle, 1);
    });
    return worker;
  }

  private run(worker: Worker, { task, resolve, reject }: QueuedRead): void {
    const table: SpreadsheetTable = { headers: [], rows: [], overflow: false };
    let settled = false;
    const tooComplex = () =>
      refuseSheet('tooComplex', `A planilha levou mais de ${this.readMs / 1000} s para ser lida`, SHEET_LIMITS.readSeconds);
    const finish = (outcome: { table: SpreadsheetTable } | { error: unknown }, workerUsable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onFailure).off('exit', onFailure);
      if (workerUsable) this.idle.push(worker);
      else void worker.terminate();
      this.busy--;
      if ('table' in outcome) resolve(outcome.table);
      else reject(outcome.error);
      this.next();
    };
    const onMessage = (answer: SheetAnswer) => {
      if (answer.type === 'headers') table.headers = answer.headers;
      else if (answer.type === 'rows') {
        for (const row of answer.rows) table.rows.push(row);
        // On the next turn, so a health check or another request can come between two slices.
        setImmediate(() => !settled && worker.postMessage('more' satisfies SheetRequest));
      } else if (answer.type === 'done') finish({ table: { ...table, overflow: answer.overflow } }, true);
      else finish({ error: new AppError(answer.code, answer.message, answer.details) }, true);
    };
    // A worker that ran out of heap (ERR_WORKER_OUT_OF_MEMORY) or died: the sheet was too much to read.
    const onFailure = () => finish({ error: tooComplex() }, false);
    const timer = setTimeout(() => finish({ error: tooComplex() }, false), this.readMs);
    worker.on('message', onMessage).on('error', onFailure).on('exit', onFailure);
    worker.postMessage(task);
  }
}

/** One worker per spare core, at least one and at most two: the request thread keeps a core. */
let pool: SheetReaderPool | undefined;

/**
 * Reads the first sheet of an upload in a worker thread (see {@link parseSpreadsheet} for what is
 * read and {@link SheetReaderPool} for how), within every limit of SHEET_LIMITS.
 */
export function readSpreadsheet(fileName: string, bytes: Buffer, options: SpreadsheetOptions): Promise<SpreadsheetTable> {
  pool ??= new SheetReaderPool(Math.max(1, Math.min(2, availableParallelism() - 1)));
  return pool.read(fileName, bytes, options);
}
