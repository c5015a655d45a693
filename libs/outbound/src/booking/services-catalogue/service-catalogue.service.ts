import {
  can,
  serviceDeleted,
  type ServiceFields,
  type ServiceListResponse,
  type ServicePageResponse,
  type ServiceRecord,
  SERVICES_PAGE_SIZE,
  serviceSaved,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { mapService, ServiceCatalogueRepository } from './service-catalogue.repository';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Service not found');

/**
 * The company's services catalogue (spec 3): every user of the company reads it (schedules and AI
 * agents pick from it); `services-page:edit` (admins and supervisors) changes it. Another company's
 * service is not found (404). No socket channel is named for it: the web refetches after its changes.
 */
@Injectable()
export class ServiceCatalogueService {
  constructor(
    private readonly services: ServiceCatalogueRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async page(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<ServicePageResponse> {
    const { rows, count } = await this.services.page(tenancy.companyId, searchParam, pageNumber);
    return { services: rows.map(mapService), count, hasMore: (pageNumber - 1) * SERVICES_PAGE_SIZE + rows.length < count };
  }

  /** GET /services/list: the whole catalogue, unpaged (every user of the company: the appointment dialog picks from it). */
  async list(tenancy: Tenancy): Promise<ServiceListResponse> {
    return { services: (await this.services.all(tenancy.companyId)).map(mapService) };
  }

  async create(tenancy: Tenancy, fields: ServiceFields): Promise<ServiceRecord> {
    mayEdit(tenancy);
    return this.services.transaction(async (manager) => {
      const service = mapService(await this.services.insert(manager, tenancy.companyId, fields));
      await this.outbox.add(manager, {
        definition: serviceSaved,
        companyId: tenancy.companyId,
        key: `service-${service.id}`,
        payload: { service, created: true },
      });
      return service;
    });
  }

  async update(tenancy: Tenancy, id: number, fields: ServiceFields): Promise<ServiceRecord> {
    mayEdit(tenancy);
    return this.services.transaction(async (manager) => {
      const row = await this.services.update(manager, tenancy.companyId, id, fields);
      if (!row) throw notFound();
      const service = mapService(row);
      await this.outbox.add(manager, {
        definition: serviceSaved,
        companyId: tenancy.companyId,
        key: `service-${id}`,
        payload: { service, created: false },
      });
      return service;
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    mayEdit(tenancy);
    await this.services.transaction(async (manager) => {
      if (!(await this.services.delete(manager, tenancy.companyId, id))) throw notFound();
      await this.outbox.add(manager, {
        definition: serviceDeleted,
        companyId: tenancy.companyId,
        key: `service-${id}`,
        payload: { serviceId: id },
      });
    });
    return { message: 'Service deleted' };
  }
}

function mayEdit(tenancy: Tenancy): void {
  if (!can(tenancy, 'services-page:edit')) throw new AppError('ERR_NO_PERMISSION', 'No permission');
}
