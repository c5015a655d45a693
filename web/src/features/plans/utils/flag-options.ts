import type { PlanFormFlag } from '../types';

/**
 * The Sim/Não selector of a plan flag: the value each label stands for. For useInternal ("Uso
 * Interno") the spec's selector is inverted: Sim means false and Não means true.
 */
export function flagOptionValues(flag: PlanFormFlag): { yes: boolean; no: boolean } {
  return flag === 'useInternal' ? { yes: false, no: true } : { yes: true, no: false };
}
