/** Copies the fields of `change` that are not undefined onto `target` (an absent field keeps its value). */
export function assignDefined<T extends object>(target: T, change: object): T {
  for (const [key, value] of Object.entries(change)) {
    if (value !== undefined) Object.assign(target, { [key]: value });
  }
  return target;
}
