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
} as const;

/**
 * Where a user lands after login. The spec says /tickets; until the ticket inbox exists the users
 * page is the landing page. Switch this constant when the inbox lands.
 */
export const HOME_AFTER_LOGIN: string = paths.users;
