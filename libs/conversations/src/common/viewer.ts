import type { Tenancy } from '@app/platform';
import type { EntityManager } from 'typeorm';

import type { ProjectionRepository } from './projection.repository';
import type { ScopedViewer } from './ticket-visibility';

/** The caller as the visibility rules see them: company and profile from the token, queues from the user projection (a null manager: outside any transaction). */
export async function viewerOf(
  manager: EntityManager | null,
  projections: ProjectionRepository,
  tenancy: Tenancy,
): Promise<ScopedViewer & { name: string }> {
  const user = await projections.user(manager, tenancy.companyId, tenancy.userId);
  return {
    id: tenancy.userId,
    companyId: tenancy.companyId,
    profile: tenancy.profile,
    super: tenancy.super,
    queueIds: user?.queueIds ?? [],
    name: user?.name ?? '',
  };
}
