/**
 * Which service owns which REST path prefix below /api. The distributed gateway routes by it; each
 * later service adds its row as it lands.
 */
export const SERVICE_ROUTES = {
  identity: [
    'auth',
    'users',
    'version',
    'verify-email',
    'verify-code',
    'forgetpassword',
    'forgetpsw',
    'resetpasswords',
    'companies',
    'plans',
    'settings',
    'helps',
    'announcements',
    'logos',
  ],
  whatsapp: ['whatsapp', 'whatsapp-restart', 'whatsappsession', 'simulator', 'whatsapp-media', 'whatsapp-cloud'],
  conversations: [
    'tickets',
    'messages',
    'message',
    'contacts',
    'queue',
    'tags',
    'ticket-notes',
    'ticket-tags',
    'quick-messages',
    'ticket',
    'chats',
    'dashboard',
    'api-tokens',
    'openapi.json',
    'webhooks',
  ],
  outbound: [
    'contact-lists',
    'contact-list-items',
    'files',
    'campaigns',
    'campaign-settings',
    'services',
    'schedules',
    'schedule-blocks',
    'schedule-settings',
    'calendars',
  ],
  ai: ['prompt', 'agents', 'agent-templates', 'queueIntegration', 'groups', 'copilot'],
  billing: ['invoices', 'subscription', 'payment-settings'],
} as const satisfies Record<string, readonly string[]>;

export type ServiceName = keyof typeof SERVICE_ROUTES;
