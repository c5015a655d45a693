/** Fact topics, one per producing service, and the command topic of the WhatsApp gateway. */
export const TOPICS = {
  identityEvents: 'identity.events',
  conversationsEvents: 'conversations.events',
  whatsappEvents: 'whatsapp.events',
  whatsappCommands: 'whatsapp.commands',
  outboundEvents: 'outbound.events',
  aiEvents: 'ai.events',
  billingEvents: 'billing.events',
} as const;

export type TopicName = (typeof TOPICS)[keyof typeof TOPICS];

/** Partition counts decide the parallelism of each consumer group; keys keep order within one. */
export const TOPIC_PARTITIONS: Record<TopicName, number> = {
  'identity.events': 3,
  'conversations.events': 6,
  'whatsapp.events': 6,
  'whatsapp.commands': 12,
  'outbound.events': 3,
  'ai.events': 3,
  'billing.events': 3,
};

export const ALL_TOPICS = Object.values(TOPICS).map((name) => ({ name, partitions: TOPIC_PARTITIONS[name] }));
