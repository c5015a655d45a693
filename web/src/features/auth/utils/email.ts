/** The e-mail field is lower-cased as it is typed (spec section 2, Login). */
export function normalizeEmailInput(value: string): string {
  return value.toLowerCase();
}
