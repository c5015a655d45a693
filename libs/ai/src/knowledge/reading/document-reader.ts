import path from 'node:path';
import { Worker } from 'node:worker_threads';

import { KNOWLEDGE_LIMITS } from '@app/contracts';
import { AppError } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../../common/ai-options';
import type { ReadAnswer, ReadRequest } from './document-reader.worker';

/** Documents read at once in this process: each has a worker thread of its own. */
const READING_AT_ONCE = 2;
/** Reads waiting for a free worker at most; more are answered 503 at once. */
const MAX_WAITING = 16;
/** Heap a reading worker may use: a document within the limits needs far less; past it the worker ends. */
const WORKER_HEAP_MB = 512;

/** From sources (jest) the worker is TypeScript, started through a loader that compiles it. */
function workerScript(): { file: string; workerData?: { entry: string } } {
  if (__filename.endsWith('.ts')) {
    return { file: path.join(__dirname, 'ts-worker.cjs'), workerData: { entry: path.join(__dirname, 'document-reader.worker.ts') } };
  }
  return { file: path.join(__dirname, 'document-reader.worker.js') };
}

/**
 * Reads a document's text off the event loop: each read runs in a worker thread of its own with a
 * bounded heap and KNOWLEDGE_LIMITS.readSeconds, after which the worker is ended and the document
 * counts as failed. At most READING_AT_ONCE reads run and MAX_WAITING wait; more answer 503.
 */
@Injectable()
export class DocumentReader implements OnModuleDestroy {
  private readonly logger = new Logger(DocumentReader.name);
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly workers = new Set<Worker>();

  private readonly timeoutMs: number;

  constructor(@Inject(AI_OPTIONS) options: AiOptions) {
    this.timeoutMs = options.knowledgeReadTimeoutMs ?? KNOWLEDGE_LIMITS.readSeconds * 1000;
  }

  async read(request: ReadRequest): Promise<ReadAnswer | { ok: false; failure: 'timeout' | 'too_large'; detail: string }> {
    if (this.running >= READING_AT_ONCE) {
      if (this.waiting.length >= MAX_WAITING)
        throw new AppError('ERR_SERVICE_UNAVAILABLE', 'Too many documents are being read: try again soon');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      return await this.inWorker(request);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  private inWorker(request: ReadRequest): Promise<ReadAnswer | { ok: false; failure: 'timeout' | 'too_large'; detail: string }> {
    const script = workerScript();
    const worker = new Worker(script.file, {
      workerData: script.workerData,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    this.workers.add(worker);
    return new Promise((resolve) => {
      let settled = false;
      const settle = (answer: ReadAnswer | { ok: false; failure: 'timeout' | 'too_large'; detail: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.workers.delete(worker);
        void worker.terminate();
        resolve(answer);
      };
      const timer = setTimeout(() => settle({ ok: false, failure: 'timeout', detail: `not read in ${this.timeoutMs} ms` }), this.timeoutMs);
      worker.once('message', (answer: ReadAnswer) => settle(answer));
      worker.once('error', (error: Error & { code?: string }) => {
        const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
        if (!outOfMemory) this.logger.warn({ error: error.message }, 'a document reader failed');
        settle({ ok: false, failure: outOfMemory ? 'too_large' : 'unreadable', detail: error.message });
      });
      worker.once('exit', (code) => settle({ ok: false, failure: 'unreadable', detail: `the reader ended (${code})` }));
      // The bytes are copied into the worker (the caller's buffer may be a slice of a larger one).
      worker.postMessage({ kind: request.kind, bytes: request.bytes } satisfies ReadRequest);
    });
  }
}
