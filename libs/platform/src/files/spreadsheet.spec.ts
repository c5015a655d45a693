import { Worker } from 'node:worker_threads';

import * as XLSX from '@e965/xlsx';

import { AppError } from '../errors/app-error';
import * as bombs from '../testing/sheet-bombs';
import { SHEET_LIMITS } from './sheet-limits';
import type { SheetAnswer, SheetRequest } from './sheet-reader.worker';
import { SheetReaderPool, workerScript } from './sheet-reader-pool';
import { checkSpreadsheet, parseSpreadsheet, type SpreadsheetOptions, writeSpreadsheet } from './spreadsheet';

const OPTIONS: SpreadsheetOptions = {
  accepted: ['xlsx', 'xls', 'csv'],
  maxRows: SHEET_LIMITS.rows,
  refusals: { extension: 'extensão', notASheet: 'não é planilha', empty: 'vazia' },
};

/** The refusal a read throws: its status, code and `sheet` detail. */
function refusalOf(read: () => unknown): { status: number; code: string; sheet: unknown } {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, sheet: error.details?.sheet };
    throw error;
  }
  throw new Error('the sheet was not refused');
}

describe('reading an uploaded sheet within its limits', () => {
  it('an .xlsx that unpacks past 50 MB is refused 413 from its directory, before anything is unpacked', async () => {
    const bomb = await bombs.deepRatioBomb(SHEET_LIMITS.unpackedBytes + 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(refusalOf(() => checkSpreadsheet('a.xlsx', bomb, OPTIONS))).toEqual({
      status: 413,
      code: 'ERR_SHEET_TOO_LARGE',
      sheet: { reason: 'unpackedTooLarge', limit: SHEET_LIMITS.unpackedBytes },
    });
  });

  it('an .xlsx whose directory claims less than a part unpacks to is refused while unpacking, at the claimed size', async () => {
    const liar = await bombs.deepRatioBomb(SHEET_LIMITS.unpackedBytes + 1024, { declaredSize: 1000 });
    expect(() => checkSpreadsheet('a.xlsx', liar, OPTIONS)).not.toThrow();
    expect(refusalOf(() => parseSpreadsheet('a.xlsx', liar, OPTIONS))).toMatchObject({
      status: 413,
      sheet: { reason: 'unpackedTooLarge' },
    });
  });

  it('a workbook of more sheets than the limit is refused 413 from its directory', () => {
    expect(refusalOf(() => checkSpreadsheet('a.xlsx', bombs.manySheetsBomb(SHEET_LIMITS.sheets + 1), OPTIONS))).toMatchObject({
      status: 413,
      sheet: { reason: 'tooManySheets', limit: SHEET_LIMITS.sheets },
    });
  });

  it('a zip of more parts than the limit is refused 413 on its count alone', () => {
    expect(refusalOf(() => checkSpreadsheet('a.xlsx', bombs.manySheetsBomb(SHEET_LIMITS.parts), OPTIONS))).toMatchObject({
      sheet: { reason: 'tooManyParts', limit: SHEET_LIMITS.parts },
    });
  });

  it('shared strings past their limit are refused 413 though the whole is under the unpacked limit', () => {
    const bomb = bombs.sharedStringsBomb(SHEET_LIMITS.sharedStringsBytes + 1024);
    expect(refusalOf(() => checkSpreadsheet('a.xlsx', bomb, OPTIONS))).toMatchObject({
      status: 413,
      sheet: { reason: 'sharedStringsTooLarge', limit: SHEET_LIMITS.sharedStringsBytes },
    });
  });

  it('a sheet wider than the column limit is refused 413 before its rows are made', () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Nome', 'Numero']]);
    sheet['XFD2'] = { t: 's', v: 'longe' };
    sheet['!ref'] = 'A1:XFD2';
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'S');
    const wide = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(refusalOf(() => parseSpreadsheet('a.xlsx', wide, OPTIONS))).toMatchObject({
      status: 413,
      sheet: { reason: 'tooManyColumns', limit: SHEET_LIMITS.columns },
    });
  });

  it('a CSV line longer than the limit is refused 413 before parsing', () => {
    expect(refusalOf(() => checkSpreadsheet('a.csv', bombs.longLineCsv(SHEET_LIMITS.lineBytes + 1), OPTIONS))).toMatchObject({
      status: 413,
      sheet: { reason: 'lineTooLong', limit: SHEET_LIMITS.lineBytes },
    });
  });

  it('a quoted CSV field longer than the line limit (its line breaks inside quotes) is refused 413 while parsing', () => {
    const field = Array.from({ length: 2_000 }, () => 'x'.repeat(60)).join('\n');
    const csv = Buffer.from(`Nome,Numero\n"${field}",5511999990001\n`);
    expect(refusalOf(() => parseSpreadsheet('a.csv', csv, OPTIONS))).toMatchObject({ status: 413, sheet: { reason: 'lineTooLong' } });
  });

  it('reading stops after the row limit and says more rows were there', () => {
    const csv = Buffer.from(['Numero', ...Array.from({ length: 12 }, (_, i) => `55119999900${String(i).padStart(2, '0')}`)].join('\n'));
    const table = parseSpreadsheet('a.csv', csv, { ...OPTIONS, maxRows: 10 });
    expect(table.rows).toHaveLength(10);
    expect(table.overflow).toBe(true);
  });

  it('the refusals name no field: the file is the whole request', () => {
    expect(refusalOf(() => checkSpreadsheet('a.pdf', Buffer.from('%PDF'), OPTIONS))).toEqual({
      status: 400,
      code: 'ERR_VALIDATION',
      sheet: { reason: 'extension' },
    });
  });

  it('an honest .xlsx is read as before: header, rows with their sheet row numbers, numbers as digits', () => {
    const sheet = writeSpreadsheet('s', [['Nome', 'Numero'], ['Ana', 5511999990001], [], ['Bia', '5511999990002']]);
    expect(parseSpreadsheet('a.xlsx', sheet, OPTIONS)).toEqual({
      headers: ['Nome', 'Numero'],
      rows: [
        { row: 2, cells: ['Ana', '5511999990001'] },
        { row: 4, cells: ['Bia', '5511999990002'] },
      ],
      overflow: false,
    });
  });
});

describe('reading a CSV as spreadsheets and other systems write it', () => {
  const read = (bytes: Buffer) => parseSpreadsheet('contatos.csv', bytes, OPTIONS);

  it('semicolons are the separator when the header has more of them than commas (Excel in Brazil)', () => {
    expect(read(Buffer.from('Nome;Numero;Endereço\nAna;5511999990001;Rua A, 10\n')).rows[0]!.cells).toEqual([
      'Ana',
      '5511999990001',
      'Rua A, 10',
    ]);
  });

  it('commas are the separator otherwise', () => {
    expect(read(Buffer.from('name,number\nAna,5511999990001\n')).rows[0]!.cells).toEqual(['Ana', '5511999990001']);
  });

  it('UTF-8 with a byte-order mark: the mark is not part of the first header', () => {
    expect(read(Buffer.from('\uFEFFNome,Numero\nJoão,5511999990001\n')).headers).toEqual(['Nome', 'Numero']);
  });

  it('Windows-1252 (not valid UTF-8) is read as Windows-1252', () => {
    const latin = Buffer.from('Nome;Número\nJoão Conceição;5511999990001\n', 'latin1');
    const table = read(latin);
    expect(table.headers).toEqual(['Nome', 'Número']);
    expect(table.rows[0]!.cells[0]).toBe('João Conceição');
  });

  it('a quoted field keeps its line breaks and the rows after it keep their numbers', () => {
    const table = read(Buffer.from('Nome,Numero,Obs\n"Ana\nSouza",5511999990001,"linha 1\nlinha 2"\nBia,5511999990002,\n'));
    expect(table.rows).toEqual([
      { row: 2, cells: ['Ana\nSouza', '5511999990001', 'linha 1\nlinha 2'] },
      { row: 3, cells: ['Bia', '5511999990002', ''] },
    ]);
  });
});

describe('sheets are read off the request thread', () => {
  let pool: SheetReaderPool;
  beforeAll(() => (pool = new SheetReaderPool(1)));
  afterAll(() => pool.close());

  it('the event loop turns several times while a 100,000-row sheet is read', async () => {
    const csv = Buffer.from(
      ['Nome,Numero', ...Array.from({ length: 100_000 }, (_, i) => `Cliente ${i},55119${String(i).padStart(8, '0')}`)].join('\n'),
    );
    const order: string[] = [];
    // Three hops of the event loop: a read done on this thread would finish before the first.
    setImmediate(() => setImmediate(() => setImmediate(() => order.push('event loop turned'))));
    const table = await pool.read('a.csv', csv, OPTIONS);
    order.push('sheet read');
    expect(order).toEqual(['event loop turned', 'sheet read']);
    expect(table.rows).toHaveLength(100_000);
    expect(table.rows[99_999]).toEqual({ row: 100_001, cells: ['Cliente 99999', '5511900099999'] });
  }, 60_000);

  it('a worker sends the next slice of rows only when asked: the request thread takes in one per turn', async () => {
    const script = workerScript();
    const worker = new Worker(script.file, { workerData: script.workerData });
    try {
      const answers: SheetAnswer[] = [];
      worker.on('message', (answer: SheetAnswer) => answers.push(answer));
      const csv = Buffer.from(['Nome,Numero', ...Array.from({ length: 5_000 }, (_, i) => `Cliente ${i},5511${i}`)].join('\n'));
      worker.postMessage({ fileName: 'a.csv', bytes: csv, options: OPTIONS } satisfies SheetRequest);
      const settle = async (count: number) => {
        while (answers.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, 200)); // nothing more comes unasked
      };
      await settle(2);
      expect(answers.map((answer) => answer.type)).toEqual(['headers', 'rows']);
      for (const more of [3, 4, 5]) {
        worker.postMessage('more' satisfies SheetRequest);
        await settle(more);
        expect(answers).toHaveLength(more);
      }
      expect(answers.map((answer) => (answer.type === 'rows' ? answer.rows.length : answer.type))).toEqual([
        'headers',
        2_000,
        2_000,
        1_000,
        'done',
      ]);
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  it('a read that outlasts its time is refused 413 and its worker replaced', async () => {
    const slow = new SheetReaderPool(1, 1);
    try {
      const csv = Buffer.from(['Nome,Numero', ...Array.from({ length: 50_000 }, (_, i) => `C ${i},5511${i}`)].join('\n'));
      await expect(slow.read('a.csv', csv, OPTIONS)).rejects.toMatchObject({ status: 413, details: { sheet: { reason: 'tooComplex' } } });
      await expect(slow.read('a.pdf', csv, OPTIONS)).rejects.toMatchObject({ status: 400 });
    } finally {
      await slow.close();
    }
  });

  it('ending idle workers ends none that is reading', async () => {
    const brief = new SheetReaderPool(1, SHEET_LIMITS.readSeconds * 1000, 50);
    try {
      await brief.read('a.csv', Buffer.from('Numero\n5511999990001\n'), OPTIONS);
      // The pool is idle: its idle timer runs, then a read that lasts far longer than it starts.
      const csv = Buffer.from(['Nome,Numero', ...Array.from({ length: 100_000 }, (_, i) => `C ${i},5511${i}`)].join('\n'));
      await expect(brief.read('a.csv', csv, OPTIONS)).resolves.toMatchObject({ overflow: false });
    } finally {
      await brief.close();
    }
  }, 60_000);

  it('a bomb is refused before it waits for a worker', async () => {
    const bomb = bombs.manySheetsBomb(SHEET_LIMITS.sheets + 1);
    await expect(pool.read('a.xlsx', bomb, OPTIONS)).rejects.toMatchObject({ status: 413 });
  });
});
