import { CompanyQueueIds } from '@app/platform';

/** identity.company_queues: users may only be given queues of their own company. */
export const companyQueues = new CompanyQueueIds('identity');
