import type { Campaign, CampaignReport, Connection, Contact, LoginResponse, PlanResponse, Queue, UserResponse } from '@app/contracts';

/**
 * Answers as the server sends them (the contract schemas of libs/contracts), with overrides, for test
 * fakes: the API functions check every answer against its schema in tests.
 */

const AT = '2026-11-21T10:00:00.000Z';

export function aUser(overrides: Partial<UserResponse> = {}): UserResponse {
  return {
    id: 1,
    name: 'Admin',
    email: 'admin@example.com',
    profile: 'admin',
    super: false,
    allTicket: 'desabled',
    whatsappId: null,
    online: true,
    lastSeenAt: null,
    companyId: 1,
    queues: [],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function aQueue(overrides: Partial<Queue> = {}): Queue {
  return {
    id: 1,
    name: 'Vendas',
    color: '#2576d2',
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    orderQueue: null,
    integrationId: null,
    agentId: null,
    promptId: null,
    mediaPath: null,
    mediaName: null,
    schedules: [],
    companyId: 1,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function aContact(overrides: Partial<Contact> = {}): Contact {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `00000000-0000-4000-9000-${String(id).padStart(12, '0')}`,
    name: 'Maria da Silva',
    number: '5511999998888',
    email: '',
    profilePicUrl: '',
    active: true,
    isGroup: false,
    whatsappId: 1,
    extraInfo: [],
    companyId: 1,
    lastInteractionAt: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function aConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: 1,
    companyId: 1,
    name: 'Simulador',
    status: 'CONNECTED',
    number: '',
    isDefault: false,
    qrcode: '',
    qrcodeImage: '',
    retries: 0,
    queues: [],
    queueIds: [],
    transferQueueId: null,
    promptId: null,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    token: '',
    provider: 'beta',
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 0,
    activeTranscribe: false,
    timeresume: null,
    transcribe: false,
    transcribeme: false,
    transcribekey: '',
    transcribeprovider: 'openai',
    sendme: false,
    timeforagroup: 0,
    proxyUrl: '',
    timeToTransfer: null,
    api1_medias: [],
    api2_medias: [],
    api3_medias: [],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function aPlan(overrides: Partial<PlanResponse> = {}): PlanResponse {
  return {
    id: 1,
    name: 'Plano 1',
    users: 5,
    connections: 2,
    queues: 3,
    value: 99.9,
    useCampaigns: false,
    useSchedules: false,
    useInternalChat: false,
    useExternalApi: false,
    useKanban: false,
    useOpenAi: false,
    useIntegrations: false,
    useInternal: false,
    ...overrides,
  };
}

type UserCompany = NonNullable<UserResponse['company']>;

/** The company a user carries on login and /auth/me. */
export function aUserCompany(overrides: Partial<UserCompany> = {}): UserCompany {
  return { id: 1, name: 'Acme', dueDate: null, status: true, approved: true, planId: 1, ...overrides };
}

/** POST /auth/login's answer for this user and token. */
export function aLoginResponse(token: string, user: UserResponse = aUser()): LoginResponse {
  return {
    token,
    sessionId: '00000000-0000-4000-a000-000000000001',
    user,
    subscription: { dueDate: user.company?.dueDate ?? null, daysLeft: null, warning: false },
  };
}

export function aCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 1,
    name: 'Black Friday',
    status: 'INATIVA',
    contactListId: null,
    tagListId: null,
    fileListId: null,
    whatsappId: null,
    whatsappId2: null,
    whatsappId3: null,
    whatsappId4: null,
    whatsappId5: null,
    scheduledAt: null,
    startHour: 0,
    endHour: 24,
    allowSaturday: true,
    allowSunday: true,
    confirmation: false,
    message1: null,
    message2: null,
    message3: null,
    message4: null,
    message5: null,
    confirmationMessage1: null,
    confirmationMessage2: null,
    confirmationMessage3: null,
    confirmationMessage4: null,
    confirmationMessage5: null,
    mediaPath: null,
    mediaName: null,
    template: null,
    completedAt: null,
    companyId: 1,
    createdAt: AT,
    updatedAt: AT,
    contactList: null,
    tagList: null,
    fileList: null,
    whatsapp: null,
    whatsapps: [],
    ...overrides,
  };
}

export function aCampaignReport(overrides: Partial<CampaignReport> = {}): CampaignReport {
  const campaign = overrides.campaign ?? aCampaign({ status: 'EM_ANDAMENTO' });
  return {
    campaign,
    progress: {
      campaignId: campaign.id,
      status: campaign.status,
      validContacts: 0,
      recipients: 0,
      delivered: 0,
      confirmationRequested: 0,
      confirmed: 0,
      failed: 0,
      outsideWindow: false,
      resumesAt: null,
      completedAt: null,
    },
    failures: [],
    series: [],
    connections: [],
    ...overrides,
  };
}
