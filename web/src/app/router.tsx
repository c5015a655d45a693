import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';

import { FullPageSpinner, PageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import { PrivateRoute, PublicOnlyRoute } from '@/features/auth/components/route-guards';
import { getToken } from '@/lib/session';
import { loadSocketClient } from '@/lib/socket';

import { LoginRoute } from './routes/login';
import { RouteError } from './routes/route-error';

/**
 * A screen loaded when first opened: its code, and the libraries only it uses (recharts, dnd-kit,
 * FullCalendar...), are chunks of their own, not in what /login downloads. `preload` fetches them
 * ahead (the screen a page load lands on, the ticket screen from the login page).
 */
function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = pick(module);
      return { default: loaded };
    }));
  const Lazy = lazy(preload);
  /** Code already here (preloaded) renders at once, without a pass through the Suspense fallback. */
  function Screen() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Screen, preload };
}

/** Every screen's code, loaded: the app's tests warm them up with it. */
export function preloadAllScreens(): Promise<unknown> {
  return Promise.all([layout, ...Object.values(screens)].map((screen) => screen.preload()));
}

const layout = lazyScreen(
  () => import('./layout/app-layout'),
  (module) => module.AppLayout,
);
const screens = {
  signup: lazyScreen(
    () => import('./routes/signup'),
    (module) => module.SignupRoute,
  ),
  forgotPassword: lazyScreen(
    () => import('./routes/forgot-password'),
    (module) => module.ForgotPasswordRoute,
  ),
  dashboard: lazyScreen(
    () => import('./routes/dashboard'),
    (module) => module.DashboardRoute,
  ),
  users: lazyScreen(
    () => import('./routes/users'),
    (module) => module.UsersRoute,
  ),
  connections: lazyScreen(
    () => import('./routes/connections'),
    (module) => module.ConnectionsRoute,
  ),
  settings: lazyScreen(
    () => import('./routes/settings'),
    (module) => module.SettingsRoute,
  ),
  helps: lazyScreen(
    () => import('./routes/helps'),
    (module) => module.HelpsRoute,
  ),
  announcements: lazyScreen(
    () => import('./routes/announcements'),
    (module) => module.AnnouncementsRoute,
  ),
  tickets: lazyScreen(
    () => import('./routes/tickets'),
    (module) => module.TicketsRoute,
  ),
  contacts: lazyScreen(
    () => import('./routes/contacts'),
    (module) => module.ContactsRoute,
  ),
  queues: lazyScreen(
    () => import('./routes/queues'),
    (module) => module.QueuesRoute,
  ),
  tags: lazyScreen(
    () => import('./routes/tags'),
    (module) => module.TagsRoute,
  ),
  services: lazyScreen(
    () => import('./routes/services'),
    (module) => module.ServicesRoute,
  ),
  quickMessages: lazyScreen(
    () => import('./routes/quick-messages'),
    (module) => module.QuickMessagesRoute,
  ),
  kanban: lazyScreen(
    () => import('./routes/kanban'),
    (module) => module.KanbanRoute,
  ),
  schedules: lazyScreen(
    () => import('./routes/schedules'),
    (module) => module.SchedulesRoute,
  ),
  todo: lazyScreen(
    () => import('./routes/todo'),
    (module) => module.TodoRoute,
  ),
  chats: lazyScreen(
    () => import('./routes/chats'),
    (module) => module.ChatsRoute,
  ),
  files: lazyScreen(
    () => import('./routes/files'),
    (module) => module.FilesRoute,
  ),
  contactLists: lazyScreen(
    () => import('./routes/contact-lists'),
    (module) => module.ContactListsRoute,
  ),
  contactListItems: lazyScreen(
    () => import('./routes/contact-lists'),
    (module) => module.ContactListItemsRoute,
  ),
  campaignsConfig: lazyScreen(
    () => import('./routes/campaigns-config'),
    (module) => module.CampaignsConfigRoute,
  ),
  campaigns: lazyScreen(
    () => import('./routes/campaigns'),
    (module) => module.CampaignsRoute,
  ),
  campaignReport: lazyScreen(
    () => import('./routes/campaigns'),
    (module) => module.CampaignReportRoute,
  ),
  prompts: lazyScreen(
    () => import('./routes/prompts'),
    (module) => module.PromptsRoute,
  ),
  financeiro: lazyScreen(
    () => import('./routes/financeiro'),
    (module) => module.FinanceiroRoute,
  ),
  agentTemplates: lazyScreen(
    () => import('./routes/agent-templates'),
    (module) => module.AgentTemplatesRoute,
  ),
  integrationsAndAgents: lazyScreen(
    () => import('./routes/integrations-and-agents'),
    (module) => module.IntegrationsAndAgentsRoute,
  ),
  transcribe: lazyScreen(
    () => import('./routes/transcribe'),
    (module) => module.TranscribeRoute,
  ),
  subscription: lazyScreen(
    () => import('./routes/subscription'),
    (module) => module.SubscriptionRoute,
  ),
  queueIntegration: lazyScreen(
    () => import('./routes/queue-integration'),
    (module) => module.QueueIntegrationRoute,
  ),
  agents: lazyScreen(
    () => import('./routes/agents'),
    (module) => module.AgentsRoute,
  ),
  messagesApi: lazyScreen(
    () => import('./routes/messages-api'),
    (module) => module.MessagesApiRoute,
  ),
  notFound: lazyScreen(
    () => import('./routes/not-found'),
    (module) => module.NotFoundRoute,
  ),
};
type Screen = ReturnType<typeof lazyScreen>;

/** A page of the signed-in shell: the shell stays while its code arrives, a spinner in the page. */
const page = (path: string | undefined, screen: Screen): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  handle: { preload: screen.preload },
  element: (
    <Suspense fallback={<PageSpinner />}>
      <screen.Screen />
    </Suspense>
  ),
});

/** A page before login (sign-up, password reset), whole-page spinner while its code arrives. */
const publicPage = (path: string, screen: Screen): RouteObject => ({
  path,
  handle: { preload: screen.preload },
  element: (
    <PublicOnlyRoute>
      <Suspense fallback={<FullPageSpinner />}>
        <screen.Screen />
      </Suspense>
    </PublicOnlyRoute>
  ),
});

/** The login page, eager; once it shows, the signed-in shell and the ticket screen (where login lands) load in the background. */
function LoginScreen() {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void layout.preload();
      void screens.tickets.preload();
      void loadSocketClient().catch(() => undefined);
    }, 1_000);
    return () => window.clearTimeout(timer);
  }, []);
  return <LoginRoute />;
}

/**
 * The route table (spec section 2). Public-only: /login, /signup, /forgetpsw. Private: the
 * signed-in shell with its pages; `/` is the admin dashboard, and goes to HOME_AFTER_LOGIN for anyone else.
 * Only the login page is in the first download (issue 29): the shell and every other page load when
 * first needed.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: paths.login,
        element: (
          <PublicOnlyRoute>
            <LoginScreen />
          </PublicOnlyRoute>
        ),
      },
      publicPage(paths.signup, screens.signup),
      publicPage(paths.forgotPassword, screens.forgotPassword),
      {
        handle: { preload: layout.preload },
        element: (
          <PrivateRoute>
            <Suspense fallback={<FullPageSpinner />}>
              <layout.Screen />
            </Suspense>
          </PrivateRoute>
        ),
        children: [
          page(undefined, screens.dashboard),
          page(paths.users, screens.users),
          page(paths.connections, screens.connections),
          page(paths.settings, screens.settings),
          page(paths.helps, screens.helps),
          page(paths.announcements, screens.announcements),
          page(`${paths.tickets}/:ticketId?`, screens.tickets),
          page(paths.contacts, screens.contacts),
          page(paths.queues, screens.queues),
          page(paths.tags, screens.tags),
          page(paths.services, screens.services),
          page(paths.quickMessages, screens.quickMessages),
          page(paths.kanban, screens.kanban),
          page(paths.schedules, screens.schedules),
          page(paths.todo, screens.todo),
          page(`${paths.chats}/:chatUuid?`, screens.chats),
          page(paths.files, screens.files),
          page(paths.contactLists, screens.contactLists),
          page(paths.contactListItemsPattern, screens.contactListItems),
          page(paths.campaignsConfig, screens.campaignsConfig),
          page(paths.campaigns, screens.campaigns),
          page(paths.campaignReportPattern, screens.campaignReport),
          page(paths.prompts, screens.prompts),
          page(paths.transcribe, screens.transcribe),
          page(paths.financeiro, screens.financeiro),
          page(paths.subscription, screens.subscription),
          page(paths.agentTemplates, screens.agentTemplates),
          page(paths.integrationsAndAgents, screens.integrationsAndAgents),
          page(paths.queueIntegration, screens.queueIntegration),
          page(paths.agents, screens.agents),
          page(paths.messagesApi, screens.messagesApi),
          page('*', screens.notFound),
        ],
      },
    ],
  },
];

/**
 * The code of the screens the address names, fetched at once: a signed-in page load gets the shell
 * and its page (and socket.io-client) while the session is checked, not one after the other.
 * Without a stored session the private screens are left alone (the visitor goes to /login).
 */
function preloadScreensOf(pathname: string): void {
  const signedIn = getToken() !== null;
  if (signedIn) void loadSocketClient().catch(() => undefined);
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const preload = (route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload;
    const isPublic = route.path === paths.signup || route.path === paths.forgotPassword;
    if (preload && (signedIn || isPublic)) void preload();
  }
}

// As soon as this module runs (main.tsx imports it first), before the theme, the providers and React's
// first render have run: the chunks of the screen a page load lands on are on their way meanwhile.
if (typeof window !== 'undefined') preloadScreensOf(window.location.pathname);

export function AppRouter() {
  const router = useMemo(() => {
    preloadScreensOf(window.location.pathname);
    return createBrowserRouter(routes);
  }, []);
  return <RouterProvider router={router} />;
}
