import { advanceDueDate, invoicePaid } from '@app/contracts';
import { readEvent } from '@app/platform';

import { companySocketEmit, type SocketEventMapper } from '../../common/socket-emit';

/**
 * The billing service's events: a paid invoice reaches the whole company on `company-{id}-payment` as
 * CONCLUIDA with the due date identity renews it until (the paid due date moved on by the invoice's
 * recurrence, as identity applies it).
 */
export const billingSocketMapper: SocketEventMapper = {
  topic: 'billing.events',
  map(envelope) {
    const companyId = envelope.companyId;
    if (!companyId) return [];
    const paid = readEvent(invoicePaid, envelope);
    if (!paid || paid.invoice.companyId !== companyId) return [];
    const dueDate = advanceDueDate(paid.invoice.dueDate, paid.invoice.recurrence);
    return [
      companySocketEmit({ kind: 'company', companyId }, companyId, 'payment', {
        action: 'CONCLUIDA',
        company: { id: companyId, dueDate },
        invoice: paid.invoice,
      }),
    ];
  },
};
