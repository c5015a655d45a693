import type { EntityManager } from 'typeorm';
import type { Tenancy } from '@app/platform';
import type { ProjectionRepository } from '../projections/projection.repository';
import type { Viewer } from './ticket-visibility';

/** The caller as the visibility rules see them: profile from the token, queues from the user projection. */
export async function viewerOf(manager: EntityManager, projections: ProjectionRepository, tenancy: Tenancy): Promise<Viewer & { name: string }> {
  const user = await projections.user(manager, tenancy.companyId, tenancy.userId);
  return { id: tenancy.userId, profile: tenancy.profile, super: tenancy.super, queueIds: user?.queueIds ?? [], name: user?.name ?? '' };
}
