/** Route paths of the SPA (the spec's route table). Pages of later issues add their entries here. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgetpsw',
  users: '/users',
  tickets: '/tickets',
  connections: '/connections',
  settings: '/settings',
  helps: '/helps',
  announcements: '/announcements',
  contacts: '/contacts',
  queues: '/queues',
  tags: '/tags',
  services: '/services',
  quickMessages: '/quick-messages',
  kanban: '/kanban',
  schedules: '/schedules',
  /** /schedules?contactId=: the new-appointment dialog opens for the contact. */
  schedulesFor: (contactId: number) => `/schedules?contactId=${contactId}`,
  todo: '/todolist',
  chats: '/chats',
  files: '/files',
  /** The campaign screens exist only while the browser flag cshow does (spec 1, section 2). */
  contactLists: '/contact-lists',
  contactListItemsPattern: '/contact-lists/:contactListId/contacts',
  contactListItems: (contactListId: number) => `/contact-lists/${contactListId}/contacts`,
  campaignsConfig: '/campaigns-config',
  campaigns: '/campaigns',
  campaignReportPattern: '/campaign/:campaignId/report',
  campaignReport: (campaignId: number) => `/campaign/${campaignId}/report`,
  prompts: '/prompts',
  financeiro: '/financeiro',
  agentTemplates: '/agent-templates',
  integrationsAndAgents: '/integrations-and-agents',
  agents: '/agents',
  messagesApi: '/messages-api',
} as const;

/** Where a user lands after login: the ticket inbox, as the spec says. */
export const HOME_AFTER_LOGIN: string = paths.tickets;
