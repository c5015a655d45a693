/** The debounce's pg-boss queue: one job per ticket (`answer-{ticketId}`), run after the grouping window. */
export const ANSWER_QUEUE = 'ai-answer';
