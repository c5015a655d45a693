import { useMemo } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';

import { PageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import { PrivateRoute, PublicOnlyRoute } from '@/features/auth/components/route-guards';

import { AppLayout } from './layout/app-layout';
import { AgentTemplatesRoute } from './routes/agent-templates';
import { AgentsRoute } from './routes/agents';
import { AnnouncementsRoute } from './routes/announcements';
import { CampaignReportRoute, CampaignsRoute } from './routes/campaigns';
import { CampaignsConfigRoute } from './routes/campaigns-config';
import { ChatsRoute } from './routes/chats';
import { ConnectionsRoute } from './routes/connections';
import { ContactListItemsRoute, ContactListsRoute } from './routes/contact-lists';
import { ContactsRoute } from './routes/contacts';
import { DashboardRoute } from './routes/dashboard';
import { FilesRoute } from './routes/files';
import { FinanceiroRoute } from './routes/financeiro';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { HelpsRoute } from './routes/helps';
import { IntegrationsAndAgentsRoute } from './routes/integrations-and-agents';
import { KanbanRoute } from './routes/kanban';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { PromptsRoute } from './routes/prompts';
import { QueuesRoute } from './routes/queues';
import { QuickMessagesRoute } from './routes/quick-messages';
import { RouteError } from './routes/route-error';
import { ServicesRoute } from './routes/services';
import { SettingsRoute } from './routes/settings';
import { SignupRoute } from './routes/signup';
import { TagsRoute } from './routes/tags';
import { TicketsRoute } from './routes/tickets';
import { TodoRoute } from './routes/todo';
import { UsersRoute } from './routes/users';

/**
 * The route table (spec section 2). Public-only: /login (later /signup, /forgetpsw). Private: the
 * signed-in shell with its pages; `/` is the admin dashboard, and goes to HOME_AFTER_LOGIN for anyone else.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: paths.login,
        element: (
          <PublicOnlyRoute>
            <LoginRoute />
          </PublicOnlyRoute>
        ),
      },
      {
        path: paths.signup,
        element: (
          <PublicOnlyRoute>
            <SignupRoute />
          </PublicOnlyRoute>
        ),
      },
      {
        path: paths.forgotPassword,
        element: (
          <PublicOnlyRoute>
            <ForgotPasswordRoute />
          </PublicOnlyRoute>
        ),
      },
      {
        element: (
          <PrivateRoute>
            <AppLayout />
          </PrivateRoute>
        ),
        children: [
          { index: true, element: <DashboardRoute /> },
          { path: paths.users, element: <UsersRoute /> },
          { path: paths.connections, element: <ConnectionsRoute /> },
          { path: paths.settings, element: <SettingsRoute /> },
          { path: paths.helps, element: <HelpsRoute /> },
          { path: paths.announcements, element: <AnnouncementsRoute /> },
          { path: `${paths.tickets}/:ticketId?`, element: <TicketsRoute /> },
          { path: paths.contacts, element: <ContactsRoute /> },
          { path: paths.queues, element: <QueuesRoute /> },
          { path: paths.tags, element: <TagsRoute /> },
          { path: paths.services, element: <ServicesRoute /> },
          { path: paths.quickMessages, element: <QuickMessagesRoute /> },
          { path: paths.kanban, element: <KanbanRoute /> },
          // Loaded when first opened: FullCalendar is its own chunk, not in every page's download. Opened
          // first (a reload of /schedules), the shell shows with a spinner in the page until it arrives.
          {
            path: paths.schedules,
            HydrateFallback: PageSpinner,
            lazy: () => import('./routes/schedules').then((module) => ({ Component: module.SchedulesRoute })),
          },
          { path: paths.todo, element: <TodoRoute /> },
          { path: `${paths.chats}/:chatUuid?`, element: <ChatsRoute /> },
          { path: paths.files, element: <FilesRoute /> },
          { path: paths.contactLists, element: <ContactListsRoute /> },
          { path: paths.contactListItemsPattern, element: <ContactListItemsRoute /> },
          { path: paths.campaignsConfig, element: <CampaignsConfigRoute /> },
          { path: paths.campaigns, element: <CampaignsRoute /> },
          { path: paths.campaignReportPattern, element: <CampaignReportRoute /> },
          { path: paths.prompts, element: <PromptsRoute /> },
          { path: paths.financeiro, element: <FinanceiroRoute /> },
          { path: paths.agentTemplates, element: <AgentTemplatesRoute /> },
          { path: paths.integrationsAndAgents, element: <IntegrationsAndAgentsRoute /> },
          { path: paths.agents, element: <AgentsRoute /> },
          {
            path: paths.messagesApi,
            HydrateFallback: PageSpinner,
            lazy: () => import('./routes/messages-api').then((module) => ({ Component: module.MessagesApiRoute })),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return <RouterProvider router={router} />;
}
