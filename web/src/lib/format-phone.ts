/**
 * Spec section 3, "Phone display": digits, an optional @c.us suffix removed, shown as
 * +CC (AA) NNNN-NNNN, or +CC (AA) NNNNN-NNNN for 13-digit numbers. Other lengths show the digits.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/@c\.us$/, '').replace(/\D/g, '');
  if (digits.length === 12) return `+${digits.slice(0, 2)} (${digits.slice(2, 4)}) ${digits.slice(4, 8)}-${digits.slice(8)}`;
  if (digits.length === 13) return `+${digits.slice(0, 2)} (${digits.slice(2, 4)}) ${digits.slice(4, 9)}-${digits.slice(9)}`;
  return digits;
}
