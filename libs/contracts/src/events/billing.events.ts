import { z } from 'zod';

import { invoiceSchema } from '../api/billing';
import { defineEvent } from './define-event';

const billingEvent = <T extends string, S extends z.ZodType>(type: T, payload: S) =>
  defineEvent({ type, version: 1, topic: 'billing.events', payload });

/** A period's invoice was issued for a company (by the schedule, once per company and due date). */
export const invoiceCreated = billingEvent('billing.invoice.created', z.object({ invoice: invoiceSchema }));

export const BILLING_EVENTS = [invoiceCreated];
