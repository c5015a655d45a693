import { can, PERMISSION_RULES, PERMISSIONS, type Permission } from '@app/contracts';
import type { PlanFlag, PlanFlags } from '../types';

/**
 * The named permission checks and their rule table (docs/permissions.md) come from the contracts,
 * so the web hides exactly what the server refuses.
 */
export { can, PERMISSION_RULES, PERMISSIONS, type Permission };

export function hasPlanFlag(plan: Partial<PlanFlags> | null | undefined, flag: PlanFlag): boolean {
  return plan?.[flag] === true;
}
