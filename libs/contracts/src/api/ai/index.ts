/**
 * The ai service's API: prompts (and, as they land, agents and agent templates) as the REST API
 * shows them, the bodies and queries it accepts, and the socket payloads. Paths are relative to /api.
 */

export * from './agents';
export * from './answering';
export * from './copilot';
export * from './knowledge';
export * from './prompts';
export * from './queue-integrations';
export * from './transcription';
