/**
 * The billing API (owned by the billing service): invoices as the REST API shows them, the queries it
 * accepts and the payment payloads. Server and web validate with these same schemas; paths are
 * relative to /api. Money is always integer cents (BRL).
 */

export * from './invoices';
export * from './payment-settings';
export * from './subscription';
