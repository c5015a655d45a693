import {
  type AppMessageSocketPayload,
  appMessageSocketPayloadSchema,
  companySocketEvent,
  contactSocketPayloadSchema,
  type TicketSocketPayload,
  ticketSocketPayloadSchema,
} from '@app/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { reloadIfLoading } from '@/lib/react-query';
import { joinRoom, useSocketEvent } from '@/lib/socket';

import { ticketQueryKey } from '../api/get-ticket';
import { ticketListsQueryKey, ticketsQueryKey } from '../api/get-tickets';
import type { InboxUser, Ticket } from '../types';
import { appendMessage } from '../utils/message-cache';
import { isInboxAdmin } from '../utils/ticket-actions';
import { removeTicket, replaceTicket, resetUnread, type TicketPages, updateContact, upsertTicket } from '../utils/ticket-list-cache';
import { belongsToList, type TicketListFilter } from '../utils/ticket-list-filter';

export const ticketEventName = (companyId: number) => companySocketEvent(companyId, 'ticket');
export const appMessageEventName = (companyId: number) => companySocketEvent(companyId, 'appMessage');
export const contactEventName = (companyId: number) => companySocketEvent(companyId, 'contact');

const TICKET_ROOMS = ['open', 'pending', 'closed'] as const;

function eachList(queryClient: QueryClient, change: (data: TicketPages, filter: TicketListFilter) => TicketPages) {
  for (const [key, data] of queryClient.getQueriesData<TicketPages>({ queryKey: ticketListsQueryKey })) {
    const filter = key[2] as TicketListFilter | undefined;
    reloadIfLoading(queryClient, key);
    if (!data || !filter) continue;
    queryClient.setQueryData<TicketPages>(key, change(data, filter));
  }
}

function putTicket(queryClient: QueryClient, ticket: Ticket, userId: number, toTop: boolean) {
  eachList(queryClient, (data, filter) => {
    if (belongsToList(ticket, filter, userId)) return upsertTicket(data, ticket, toTop);
    const searching = !!(filter.searchParam || filter.tags?.length || filter.users?.length);
    const stillMatches = searching && (!filter.status || filter.status === ticket.status);
    return stillMatches ? replaceTicket(data, ticket) : removeTicket(data, ticket.id);
  });
  queryClient.setQueryData<Ticket>(ticketQueryKey(ticket.uuid), (current) => (current ? { ...current, ...ticket } : current));
}

/** The ticket lists' updates from `company-{id}-ticket`. */
export function applyTicketEvent(queryClient: QueryClient, payload: TicketSocketPayload, user: InboxUser) {
  switch (payload.action) {
    case 'update':
      putTicket(queryClient, payload.ticket, user.id, false);
      return;
    case 'updateUnread':
      eachList(queryClient, (data) => resetUnread(data, payload.ticketId));
      return;
    case 'delete':
      eachList(queryClient, (data) => removeTicket(data, payload.ticketId));
      return;
  }
}

/**
 * `company-{id}-appMessage`: a new message moves its ticket to the top of the lists it belongs to
 * (unread badge and last message come with the ticket) and lands in the open chat's messages.
 */
export function applyAppMessageEvent(queryClient: QueryClient, payload: AppMessageSocketPayload, user: InboxUser) {
  const { ticket, message } = payload;
  const ownQueue = ticket.queueId == null || (user.queues ?? []).some((queue) => queue.id === ticket.queueId);
  if (payload.action === 'create' && (isInboxAdmin(user) || ownQueue)) putTicket(queryClient, ticket, user.id, true);
  appendMessage(queryClient, ticket.id, message);
}

/**
 * Keeps every cached ticket list (and the open chat) current from the socket, and joins the rooms the
 * inbox listens to: the notification room and the ticket rooms of each status.
 */
export function useTicketsRealtime(user: InboxUser) {
  const queryClient = useQueryClient();

  useEffect(() => {
    joinRoom('joinNotification');
    for (const status of TICKET_ROOMS) joinRoom('joinTickets', status);
  }, []);

  function reload(payload: unknown) {
    console.warn('[tickets] unexpected socket payload', payload);
    void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
  }

  useSocketEvent(ticketEventName(user.companyId), (payload) => {
    const parsed = ticketSocketPayloadSchema.safeParse(payload);
    if (parsed.success) applyTicketEvent(queryClient, parsed.data, user);
    else reload(payload);
  });

  useSocketEvent(appMessageEventName(user.companyId), (payload) => {
    const parsed = appMessageSocketPayloadSchema.safeParse(payload);
    if (parsed.success) applyAppMessageEvent(queryClient, parsed.data, user);
    else reload(payload);
  });

  useSocketEvent(contactEventName(user.companyId), (payload) => {
    const parsed = contactSocketPayloadSchema.safeParse(payload);
    if (parsed.success && parsed.data.action === 'update') {
      const contact = parsed.data.contact;
      eachList(queryClient, (data) => updateContact(data, contact));
    }
  });
}
