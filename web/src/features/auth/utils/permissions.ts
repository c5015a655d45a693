import { can, type Permission, PERMISSION_RULES, PERMISSIONS } from '@app/contracts';

import type { PlanFlag, PlanFlags } from '../types';

/**
 * The named permission checks and their rule table (docs/permissions.md) come from the contracts,
 * so the web hides exactly what the server refuses.
 */
export { can, type Permission, PERMISSION_RULES, PERMISSIONS };

export function hasPlanFlag(plan: Partial<PlanFlags> | null | undefined, flag: PlanFlag): boolean {
  return plan?.[flag] === true;
}
