import { parentPort } from 'node:worker_threads';

import { AppError } from '../errors/app-error';
import { parseSpreadsheet, type SpreadsheetOptions } from './spreadsheet';

/** What the pool asks a worker. */
export interface SheetTask {
  fileName: string;
  bytes: Uint8Array;
  options: SpreadsheetOptions;
}

/** What a worker answers: the header, the rows in slices (each a short message to take in), then the end. */
export type SheetAnswer =
  | { type: 'headers'; headers: string[] }
  | { type: 'rows'; rows: { row: number; cells: string[] }[] }
  | { type: 'done'; overflow: boolean }
  | { type: 'refused'; code: AppError['code']; message: string; details?: Record<string, unknown> };

/** What the pool sends: a sheet to read, or `more` once it has taken in the last slice sent. */
export type SheetRequest = SheetTask | 'more';

/** Rows per message: taking one in keeps the request thread busy for about a millisecond. */
const ROWS_PER_MESSAGE = 2_000;

/**
 * The slices of the table read last, sent one per request of the pool's: queued messages of a port
 * are all taken in by one turn of the request thread's event loop, so sending them all at once would
 * hold it for as long as the whole table takes to copy.
 */
let unsent: { rows: { row: number; cells: string[] }[]; at: number; overflow: boolean } | undefined;

function sendNext(port: NonNullable<typeof parentPort>): void {
  if (!unsent) return;
  if (unsent.at >= unsent.rows.length) {
    port.postMessage({ type: 'done', overflow: unsent.overflow } satisfies SheetAnswer);
    unsent = undefined;
    return;
  }
  port.postMessage({ type: 'rows', rows: unsent.rows.slice(unsent.at, unsent.at + ROWS_PER_MESSAGE) } satisfies SheetAnswer);
  unsent.at += ROWS_PER_MESSAGE;
}

parentPort?.on('message', (task: SheetRequest) => {
  const port = parentPort!;
  if (task === 'more') return sendNext(port);
  try {
    const table = parseSpreadsheet(
      task.fileName,
      Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength),
      task.options,
    );
    port.postMessage({ type: 'headers', headers: table.headers } satisfies SheetAnswer);
    unsent = { rows: table.rows, at: 0, overflow: table.overflow };
    sendNext(port);
  } catch (error) {
    const refusal =
      error instanceof AppError
        ? error
        : new AppError('ERR_VALIDATION', task.options.refusals.notASheet, { sheet: { reason: 'notASheet' } });
    port.postMessage({ type: 'refused', code: refusal.code, message: refusal.message, details: refusal.details } satisfies SheetAnswer);
  }
});
