/** The debounce's pg-boss queue: one job per ticket (`answer-{ticketId}`), run after the grouping window. */
export const ANSWER_QUEUE = 'ai-answer';
/**
 * The same debounce for tickets of queues bound to a chatbot integration: its own queue and worker
 * (AI_CHATBOT_CONCURRENCY), so a slow bot's turns neither wait behind the agents' nor hold their slots.
 */
export const INTEGRATION_ANSWER_QUEUE = 'ai-integration-answer';
/** Both: a handoff or a staff reply cancels the ticket's pending turn wherever it waits. */
export const ANSWER_QUEUES = [ANSWER_QUEUE, INTEGRATION_ANSWER_QUEUE];
/** Chatbot turns one process runs at once (AI_CHATBOT_CONCURRENCY), all companies together. */
export const DEFAULT_CHATBOT_CONCURRENCY = 32;
