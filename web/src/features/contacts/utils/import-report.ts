import type { ContactSheetInvalidRow } from '@app/contracts';

/** How many refused rows a toast lists before summing up the rest. */
export const MAX_LISTED_ROWS = 5;

/**
 * The lines a sheet import's toast shows under its summary: the first refused rows, then how many
 * more. `label` renders one row ("Linha 4: WhatsApp: muito curto"), `more` the rest.
 */
export function invalidRowLines(
  invalid: readonly ContactSheetInvalidRow[],
  label: (row: ContactSheetInvalidRow) => string,
  more: (count: number) => string,
): string[] {
  const lines = invalid.slice(0, MAX_LISTED_ROWS).map(label);
  if (invalid.length > MAX_LISTED_ROWS) lines.push(more(invalid.length - MAX_LISTED_ROWS));
  return lines;
}
