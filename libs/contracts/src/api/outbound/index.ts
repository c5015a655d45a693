/**
 * The outbound API (owned by the outbound service): contact lists and their items, file lists and
 * campaign settings as the REST API shows them, the bodies and queries it accepts, and the socket
 * payloads. Server and web validate with these same schemas; paths are relative to /api.
 */

export * from './campaign-settings';
export * from './constants';
export * from './contact-lists';
export * from './file-lists';
export * from './schedules';
export * from './services';
