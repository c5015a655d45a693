export type UserRow = {
  id: number;
  name: string;
  email: string;
  profile: 'admin' | 'user' | string;
  online?: boolean;
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
