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

/** Rows per message: taking one in keeps the request thread busy for about a millisecond. */
const ROWS_PER_MESSAGE = 2_000;

parentPort?.on('message', (task: SheetTask) => {
  const port = parentPort!;
  try {
    const table = parseSpreadsheet(
      task.fileName,
      Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength),
      task.options,
    );
    port.postMessage({ type: 'headers', headers: table.headers } satisfies SheetAnswer);
    for (let at = 0; at < table.rows.length; at += ROWS_PER_MESSAGE) {
      port.postMessage({ type: 'rows', rows: table.rows.slice(at, at + ROWS_PER_MESSAGE) } satisfies SheetAnswer);
    }
    port.postMessage({ type: 'done', overflow: table.overflow } satisfies SheetAnswer);
  } catch (error) {
    const refusal =
      error instanceof AppError
        ? error
        : new AppError('ERR_VALIDATION', task.options.refusals.notASheet, { sheet: { reason: 'notASheet' } });
    port.postMessage({ type: 'refused', code: refusal.code, message: refusal.message, details: refusal.details } satisfies SheetAnswer);
  }
});
