import type { Connection, Queue, UserPageResponse, UserResponse } from '@app/contracts';

export type UserProfile = 'admin' | 'supervisor' | 'user';
export type AllTicket = 'enabled' | 'desabled';

/** A user as `GET /api/users` and `GET /api/users/{id}` answer it (the contract's UserResponse). */
export type UserRow = UserResponse;

export type UsersPage = UserPageResponse;

/** A queue to choose in the user modal (`GET /api/queue`). */
export type QueueOption = Pick<Queue, 'id' | 'name' | 'color'>;

/** A WhatsApp connection to choose in the user modal (`GET /api/whatsapp`). */
export type ConnectionOption = Pick<Connection, 'id' | 'name'>;
