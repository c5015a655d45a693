import { z } from 'zod';

import { invoiceSchema } from '../api/billing';
import { defineEvent } from './define-event';

const billingEvent = <T extends string, S extends z.ZodType>(type: T, payload: S) =>
  defineEvent({ type, version: 1, topic: 'billing.events', payload });

/** A period's invoice was issued for a company (by the schedule, once per company and due date). */
export const invoiceCreated = billingEvent('billing.invoice.created', z.object({ invoice: invoiceSchema }));

/**
 * A period's invoice was paid (confirmed by hand in the static Pix key mode, or by the provider's
 * webhook): identity moves the company's due date on by the invoice's recurrence, from the invoice's
 * due date, only while the company's due date is still that one (so a repeated event moves it once).
 */
export const invoicePaid = billingEvent('billing.invoice.paid', z.object({ invoice: invoiceSchema }));

export const BILLING_EVENTS = [invoiceCreated, invoicePaid];
