import {
  type Chat,
  type ChatCreateBody,
  chatDeleted,
  type ChatListResponse,
  type ChatMessage,
  chatMessageCreated,
  type ChatMessagesResponse,
  chatSaved,
  CONVERSATIONS_MESSAGES,
} from '@app/contracts';
import { AppError, OutboxWriter, ProjectionMiss, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ProjectionRepository } from '../common/projection.repository';
import { ChatRepository } from './chat.repository';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Chat not found');

/**
 * The internal chat (spec 2, plan flag useInternalChat): staff of one company. A chat is seen only
 * by its members (anyone else, of this company or another, gets 404); only its owner edits or
 * deletes it (403 for other members). Every change goes out to the members alone.
 */
@Injectable()
export class ChatService {
  constructor(
    private readonly chats: ChatRepository,
    private readonly outbox: OutboxWriter,
    private readonly projections: ProjectionRepository,
  ) {}

  async list(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<ChatListResponse> {
    const page = await this.chats.page(tenancy.companyId, tenancy.userId, searchParam, pageNumber);
    return { records: page.chats, hasMore: page.hasMore };
  }

  async get(tenancy: Tenancy, chatId: number): Promise<Chat> {
    return this.member(null, tenancy, chatId);
  }

  async create(tenancy: Tenancy, body: ChatCreateBody): Promise<Chat> {
    return this.chats.transaction(async (manager) => {
      const members = await this.members(manager, tenancy, body.users as number[]);
      const chatId = await this.chats.insert(manager, tenancy.companyId, tenancy.userId, body.title);
      await this.chats.setMembers(manager, chatId, members);
      return this.announce(manager, tenancy.companyId, chatId, true, []);
    });
  }

  async update(tenancy: Tenancy, chatId: number, body: ChatCreateBody): Promise<Chat> {
    return this.chats.transaction(async (manager) => {
      await this.owned(manager, tenancy, chatId);
      const members = await this.members(manager, tenancy, body.users as number[]);
      await this.chats.setTitle(manager, chatId, body.title);
      const removed = await this.chats.setMembers(manager, chatId, members);
      return this.announce(manager, tenancy.companyId, chatId, false, removed);
    });
  }

  async delete(tenancy: Tenancy, chatId: number): Promise<{ message: string }> {
    await this.chats.transaction(async (manager) => {
      const chat = await this.owned(manager, tenancy, chatId);
      await this.chats.delete(manager, chatId);
      await this.outbox.add(manager, {
        definition: chatDeleted,
        companyId: tenancy.companyId,
        key: `chat-${chatId}`,
        payload: { chatId, memberIds: chat.users.map((user) => user.userId) },
      });
    });
    return { message: CONVERSATIONS_MESSAGES.chatDeleted };
  }

  async messages(tenancy: Tenancy, chatId: number, pageNumber: number): Promise<ChatMessagesResponse> {
    await this.member(null, tenancy, chatId);
    const page = await this.chats.messages(chatId, pageNumber);
    return { records: page.messages, hasMore: page.hasMore };
  }

  async send(tenancy: Tenancy, chatId: number, message: string): Promise<ChatMessage> {
    return this.chats.transaction(async (manager) => {
      await this.member(manager, tenancy, chatId);
      const created = await this.chats.insertMessage(manager, chatId, tenancy.userId, message);
      const chat = await this.chats.view(manager, chatId);
      await this.outbox.add(manager, {
        definition: chatMessageCreated,
        companyId: tenancy.companyId,
        key: `chat-${chatId}`,
        payload: { message: created, chat },
      });
      return created;
    });
  }

  /** POST /chats/:id/read: the caller's unread count goes to 0 (the body's userId, the Whaticket web's, is the caller's). */
  async markRead(tenancy: Tenancy, chatId: number): Promise<Chat> {
    return this.chats.transaction(async (manager) => {
      const chat = await this.member(manager, tenancy, chatId);
      if (!(await this.chats.markRead(manager, chatId, tenancy.userId))) return chat;
      return this.announce(manager, tenancy.companyId, chatId, false, []);
    });
  }

  private async member(manager: EntityManager | null, tenancy: Tenancy, chatId: number): Promise<Chat> {
    const chat = await this.chats.findForMember(manager, tenancy.companyId, tenancy.userId, chatId);
    if (!chat) throw notFound();
    return chat;
  }

  private async owned(manager: EntityManager, tenancy: Tenancy, chatId: number): Promise<Chat> {
    const chat = await this.member(manager, tenancy, chatId);
    if (chat.ownerId !== tenancy.userId) throw new AppError('ERR_NO_PERMISSION', 'Only the chat owner changes or deletes it');
    return chat;
  }

  /** The members: the users named (all of the caller's company) and the owner. */
  private async members(manager: EntityManager, tenancy: Tenancy, userIds: number[]): Promise<number[]> {
    const members = [...new Set([tenancy.userId, ...userIds])];
    const known = new Set(await this.chats.usersOfCompany(manager, tenancy.companyId, userIds));
    const missing = userIds.filter((id) => !known.has(id));
    // A user identity created a moment ago is asked of identity (decision 0039).
    if (missing.length > 0) {
      throw new ProjectionMiss(
        tenancy.companyId,
        [{ projection: this.projections.users, ids: [...new Set(missing)] }],
        new AppError('ERR_NO_USER_FOUND', 'User not found'),
      );
    }
    return members;
  }

  private async announce(manager: EntityManager, companyId: number, chatId: number, created: boolean, removed: number[]): Promise<Chat> {
    const chat = await this.chats.view(manager, chatId);
    await this.outbox.add(manager, {
      definition: chatSaved,
      companyId,
      key: `chat-${chatId}`,
      payload: { chat, created, removedUserIds: removed },
    });
    return chat;
  }
}
