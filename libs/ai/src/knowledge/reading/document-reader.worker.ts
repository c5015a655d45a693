import { parentPort } from 'node:worker_threads';

import { KNOWLEDGE_LIMITS } from '@app/contracts';
import { unzipSync } from 'fflate';
import { convert } from 'html-to-text';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';

/** What a worker is asked to read: the bytes of one document and what they are. */
export interface ReadRequest {
  kind: 'pdf' | 'docx' | 'text' | 'html';
  bytes: Uint8Array;
}

export type ReadAnswer =
  { ok: true; text: string; truncated: boolean } | { ok: false; failure: 'unreadable' | 'empty' | 'too_large'; detail: string };

class TooLarge extends Error {}

/** UTF-8 when the bytes are valid UTF-8 (BOM dropped), else Windows-1252, as most other text is. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function pdfText(bytes: Uint8Array): Promise<{ text: string; truncated: boolean }> {
  // The worker ends after this one read, which frees whatever pdf.js kept.
  const pdf = await getDocumentProxy(bytes, { stopAtErrors: false });
  const pages = Math.min(pdf.numPages, KNOWLEDGE_LIMITS.pdfPages);
  const texts: string[] = [];
  let characters = 0;
  for (let number = 1; number <= pages && characters <= KNOWLEDGE_LIMITS.textCharacters; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const lines = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
    texts.push(lines);
    characters += lines.length;
  }
  return { text: texts.join('\n\n'), truncated: pdf.numPages > pages };
}

/**
 * A DOCX is a zip: its directory is read first (nothing unpacked) and a file claiming more parts or
 * bytes than the limits is refused before mammoth unpacks it. A directory that lies is caught by the
 * worker's heap limit and the read's time limit.
 */
async function docxText(bytes: Uint8Array): Promise<{ text: string; truncated: boolean }> {
  let parts = 0;
  let unpacked = 0;
  let hasDocument = false;
  unzipSync(bytes, {
    filter: (file) => {
      parts += 1;
      unpacked += file.originalSize;
      if (file.name === 'word/document.xml') hasDocument = true;
      if (parts > 2_000 || unpacked > KNOWLEDGE_LIMITS.unpackedBytes) throw new TooLarge(`${parts} parts, ${unpacked} bytes unpacked`);
      return false;
    },
  });
  if (!hasDocument) throw new Error('not a Word document (no word/document.xml)');
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  return { text: result.value, truncated: false };
}

function htmlText(bytes: Uint8Array): { text: string; truncated: boolean } {
  const text = convert(decodeText(bytes), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'nav', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'noscript', format: 'skip' },
      { selector: 'svg', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
  return { text, truncated: false };
}

export async function readDocument(request: ReadRequest): Promise<ReadAnswer> {
  try {
    const read =
      request.kind === 'pdf'
        ? await pdfText(request.bytes)
        : request.kind === 'docx'
          ? await docxText(request.bytes)
          : request.kind === 'html'
            ? htmlText(request.bytes)
            : { text: decodeText(request.bytes), truncated: false };
    // NUL and other control characters (but tabs and line ends) say nothing and break nothing if dropped.
    // eslint-disable-next-line no-control-regex
    let text = read.text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
    let truncated = read.truncated;
    if (text.length > KNOWLEDGE_LIMITS.textCharacters) {
      text = text.slice(0, KNOWLEDGE_LIMITS.textCharacters);
      truncated = true;
    }
    if (!text.trim()) return { ok: false, failure: 'empty', detail: 'no text in the document' };
    return { ok: true, text, truncated };
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, failure: 'too_large', detail: error.message };
    return { ok: false, failure: 'unreadable', detail: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: ReadRequest) => {
  void readDocument(request).then((answer) => parentPort!.postMessage(answer));
});
