import { CsvError, parse } from 'csv-parse/sync';

import { SHEET_LIMITS } from './sheet-limits';
import { refuseSheet } from './sheet-refusal';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The text of a CSV: UTF-8 (a byte-order mark dropped) when its bytes are valid UTF-8, else
 * Windows-1252, what Excel and older systems in Brazil write ('Não' as a single 0xE3 byte).
 */
export function csvText(bytes: Buffer): string {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** ';' when the first record (outside quotes) has more semicolons than commas: Excel's CSV where ',' is the decimal mark. */
export function csvDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length && i < SHEET_LIMITS.lineBytes; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** The first line longer than the limit, checked on the bytes before anything is decoded (a quoted line break counts as a break). */
export function longestCsvLineOver(bytes: Buffer, limit: number): boolean {
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end < 0 ? bytes.length : end;
    if (stop - start > limit) return true;
    start = stop + 1;
  }
  return false;
}

/**
 * The records of a CSV (at most `maxRecords`, the header included), each at most
 * SHEET_LIMITS.lineBytes long and SHEET_LIMITS.columns wide; quoted fields may hold line breaks.
 */
export function csvRecords(bytes: Buffer, maxRecords: number, notASheet: string): string[][] {
  const text = csvText(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: csvDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: SHEET_LIMITS.lineBytes,
      to: maxRecords,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      throw refuseSheet('lineTooLong', `Uma linha do CSV passa de ${SHEET_LIMITS.lineBytes / 1024} KB`, SHEET_LIMITS.lineBytes);
    }
    throw refuseSheet('notASheet', notASheet);
  }
  return records;
}
