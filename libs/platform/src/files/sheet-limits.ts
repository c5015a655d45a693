/**
 * What any sheet upload (contacts, contact lists) may hold at most. The upload itself is at most a
 * few MB, but an .xlsx is a zip: these bound what it unpacks to and what reading it costs.
 */
export const SHEET_LIMITS = {
  /** All the parts of an .xlsx together, unpacked. */
  unpackedBytes: 50 * 1024 * 1024,
  /** The shared strings part (every text cell of the workbook), unpacked. */
  sharedStringsBytes: 30 * 1024 * 1024,
  /** Parts of an .xlsx (sheets, styles, images...). */
  parts: 1_000,
  sheets: 50,
  /** Rows read from one sheet, whatever the import (an import may read fewer). */
  rows: 100_000,
  columns: 200,
  /** One line (record) of a CSV, in bytes. */
  lineBytes: 64 * 1024,
  /** The time a sheet may take to read, in seconds. */
  readSeconds: 60,
} as const;
