/**
 * The conversations API (owned by the conversations service): tickets, messages, contacts, queues,
 * tags and ticket notes as the REST API shows them, the bodies and queries it accepts, and the socket
 * payloads of `company-{id}-ticket`, `company-{id}-appMessage` and `company-{id}-contact`. Server and
 * web validate with these same schemas; paths are relative to /api.
 */

export * from './chats';
export * from './constants';
export * from './contacts';
export * from './dashboard';
export * from './kanban';
export * from './messages';
export * from './partner-api';
export * from './partner-booking';
export * from './partner-openapi';
export * from './queues';
export * from './quick-messages';
export * from './tags';
export * from './ticket-notes';
export * from './tickets';
export * from './webhooks';
