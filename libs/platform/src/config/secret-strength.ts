/** How to make a secret that passes; every refusal says it. */
export const SECRET_ADVICE =
  "generate one with `openssl rand -base64 48` or `node -e \"console.log(require('crypto').randomBytes(48).toString('base64url'))\"`";

/**
 * What a signing secret must carry at least, by the estimate below. The estimate reads low for short
 * random keys (a sample of 32 hex characters shows fewer than its 16 symbols evenly): 20,000 random
 * 128-bit hex keys scored at least 94 (115 on average), 48-byte base64url keys at least 290, so 80 refuses none of them.
 */
export const MIN_SECRET_BITS = 80;

/**
 * Words people put in placeholder secrets ("my-super-secret-jwt-key-change-me"). They are taken out
 * before the estimate: a secret made of them is guessed from a word list, not character by character.
 */
const COMMON_WORDS = [
  'password',
  'passwd',
  'secret',
  'changeme',
  'change',
  'please',
  'default',
  'example',
  'sample',
  'token',
  'jwt',
  'key',
  'super',
  'admin',
  'test',
  'local',
  'development',
  'production',
  'staging',
  'zapdesk',
  'whaticket',
  'whatsapp',
  'qwerty',
  'letmein',
  'welcome',
  'your',
  'my',
  'here',
  '1234567890',
  '0123456789',
];
const COMMON_WORD_PATTERN = new RegExp(COMMON_WORDS.join('|'), 'gi');

/** Shannon entropy of the symbols' distribution, in bits per symbol. */
function shannonBitsPerSymbol(symbols: readonly (string | number)[]): number {
  const counts = new Map<string | number, number>();
  for (const symbol of symbols) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / symbols.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** The shortest unit the text repeats ("abcabcab" -> "abc"), or the text itself. */
function repeatedUnit(chars: readonly string[]): readonly string[] {
  for (let period = 1; period <= chars.length / 2; period += 1) {
    if (chars.every((char, i) => char === chars[i % period])) return chars.slice(0, period);
  }
  return chars;
}

/**
 * A pessimistic estimate of a secret's entropy in bits. The characters' Shannon entropy times the
 * length, taken over the unit the text repeats and without the common words, and no more than the
 * same over the steps between neighbouring characters, so that runs ("abcdef...", "a1b2c3...") and
 * short cycles count for little. It cannot prove a secret random; it refuses the ones that plainly
 * are not.
 */
export function estimateSecretBits(secret: string): number {
  const chars = repeatedUnit(Array.from(secret.replace(COMMON_WORD_PATTERN, '')));
  if (chars.length < 2) return 0;
  const byChar = chars.length * shannonBitsPerSymbol(chars);
  const codes = chars.map((char) => char.codePointAt(0) ?? 0);
  const steps = codes.slice(1).map((code, i) => code - codes[i]!);
  const byStep = chars.length * shannonBitsPerSymbol(steps);
  return Math.min(byChar, byStep);
}

/** Why a secret is refused (a sentence that ends with how to make a good one), or null. */
export function weakSecretProblem(secret: string): string | null {
  if (secret.length < 32) return `must be at least 32 characters; ${SECRET_ADVICE}`;
  const bits = estimateSecretBits(secret);
  if (bits < MIN_SECRET_BITS) {
    return `is too predictable (about ${Math.floor(bits)} bits of entropy, at least ${MIN_SECRET_BITS} needed: repeated characters, runs or common words); ${SECRET_ADVICE}`;
  }
  return null;
}
