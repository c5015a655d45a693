/** About how long a chunk is: a few paragraphs, small enough that four fit a prompt beside the conversation. */
export const CHUNK_CHARACTERS = 1_200;
/** What a chunk repeats of the one before, so a sentence cut at a border is whole in one of them. */
export const CHUNK_OVERLAP = 150;

/** Blank runs folded, lines kept: what is stored and searched. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\f\v ]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Where to end a chunk that starts at `start`: the last paragraph, line or sentence end in its second half, else a space. */
function endOf(text: string, start: number, size: number): number {
  const hardEnd = Math.min(text.length, start + size);
  if (hardEnd === text.length) return hardEnd;
  const window = text.slice(start + Math.floor(size / 2), hardEnd);
  for (const border of ['\n\n', '\n', '. ', '? ', '! ', '; ', ' ']) {
    const at = window.lastIndexOf(border);
    if (at >= 0) return start + Math.floor(size / 2) + at + border.length;
  }
  return hardEnd;
}

/** The text in chunks of about CHUNK_CHARACTERS, cut at paragraph or sentence ends, each overlapping the one before. */
export function splitIntoChunks(text: string, size = CHUNK_CHARACTERS, overlap = CHUNK_OVERLAP): string[] {
  const clean = normaliseText(text);
  const chunks: string[] = [];
  let start = 0;
  while (start < clean.length) {
    const end = endOf(clean, start, size);
    const chunk = clean.slice(start, end).trim();
    if (chunk) chunks.push(chunk);
    if (end >= clean.length) break;
    // Start the next one a little before this end, at a word's start.
    let next = Math.max(start + 1, end - overlap);
    const space = clean.indexOf(' ', next);
    if (space >= 0 && space < end) next = space + 1;
    start = next;
  }
  return chunks;
}
