export type FormatToken = { text: string; bold?: boolean; italic?: boolean; strike?: boolean; mono?: boolean };

const MARKS: { mark: string; style: keyof Omit<FormatToken, 'text'> }[] = [
  { mark: '```', style: 'mono' },
  { mark: '*', style: 'bold' },
  { mark: '_', style: 'italic' },
  { mark: '~', style: 'strike' },
];

/**
 * WhatsApp's text markup (*bold*, _italic_, ~strike~, ```mono```) as plain tokens, so the chat shows
 * it styled without ever injecting HTML. A mark opens only before a non-space and closes only after
 * one, on the same line, as WhatsApp does; anything else stays literal.
 */
export function parseWhatsAppFormat(text: string, inherited: Omit<FormatToken, 'text'> = {}): FormatToken[] {
  const tokens: FormatToken[] = [];
  let plain = '';
  let index = 0;
  while (index < text.length) {
    const found = MARKS.find(({ mark }) => text.startsWith(mark, index));
    if (found) {
      const start = index + found.mark.length;
      const end = text.indexOf(found.mark, start);
      const inner = end > start ? text.slice(start, end) : '';
      const valid = inner !== '' && !inner.includes('\n') && inner.trim() === inner;
      if (valid) {
        if (plain) tokens.push({ text: plain, ...inherited });
        plain = '';
        const style = { ...inherited, [found.style]: true };
        tokens.push(...(found.style === 'mono' ? [{ text: inner, ...style }] : parseWhatsAppFormat(inner, style)));
        index = end + found.mark.length;
        continue;
      }
    }
    plain += text[index];
    index += 1;
  }
  if (plain) tokens.push({ text: plain, ...inherited });
  return tokens;
}
