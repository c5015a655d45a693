export const BILLING_OPTIONS = Symbol('BILLING_OPTIONS');

export interface BillingOptions {
  /** The clock invoice generation reads (tests fix it); default the system's. */
  now?: () => Date;
  /** Days before a company's due date its invoice is issued (default 10). */
  issueDaysAhead?: number;
  /** Seconds between generation runs (default 3,600). */
  generateEverySeconds?: number;
  /** Consumer group of identity.events for the companies' and plans' projection (default billing-companies); tests may isolate theirs. */
  companiesGroupId?: string;
  /** The static Pix key mode: invoices are paid to this key and an operator confirms the payment by hand. */
  staticPix?: StaticPixAccount;
  /** Asaas: customers and Pix charges made there, payments confirmed by its webhook. Set, it is the provider used. */
  asaas?: AsaasAccount;
  /** Asaas's API address when only the super user's settings hold its key (ASAAS_API_URL; default the production one). */
  asaasApiUrl?: string;
  /** The secret the payment settings are encrypted with at rest (BILLING_KEYS_SECRET, else JWT_SECRET); 32+ characters. */
  keysSecret?: string;
}

export interface AsaasAccount {
  /** https://api.asaas.com/v3 (or the sandbox's); reached through the outbound URL guard. */
  apiUrl: string;
  apiKey: string;
  /** The token Asaas sends in the asaas-access-token header of each webhook call. */
  webhookToken: string;
}

export interface StaticPixAccount {
  key: string;
  merchantName: string;
  merchantCity: string;
}
