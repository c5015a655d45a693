export type UserProfile = 'admin' | 'supervisor' | 'user';
export type AllTicket = 'enabled' | 'desabled';

export type UserRow = {
  id: number;
  name: string;
  email: string;
  profile: UserProfile | string;
  super?: boolean;
  online?: boolean;
  allTicket?: AllTicket | string;
  whatsappId?: number | null;
  queues?: { id: number; name?: string; color?: string }[];
};

export type UsersPage = {
  users: UserRow[];
  count: number;
  hasMore: boolean;
};

/** Payload of the socket event `company-{companyId}-user`. */
export type UserSocketEvent = {
  action: 'create' | 'update' | 'delete';
  user?: UserRow;
  userId?: number;
};

/** A queue to choose in the user modal (`GET /api/queue`). */
export type QueueOption = { id: number; name: string; color?: string };

/** A WhatsApp connection to choose in the user modal (`GET /api/whatsapp`). */
export type ConnectionOption = { id: number; name: string };
