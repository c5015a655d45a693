import { z } from 'zod';

import { agentSchema, AI_HANDOFF_REASONS, aiAuthorSchema, promptSchema, queueIntegrationSchema, TRANSCRIPT_MAX_LENGTH } from '../api/ai';
import { defineEvent } from './define-event';

const aiEvent = <T extends string, S extends z.ZodType>(type: T, payload: S) =>
  defineEvent({ type, version: 1, topic: 'ai.events', payload });

/** A prompt was created or changed (its keys masked: no event carries a whole key). */
export const promptSaved = aiEvent('ai.prompt.saved', z.object({ prompt: promptSchema, created: z.boolean() }));
export const promptDeleted = aiEvent('ai.prompt.deleted', z.object({ promptId: z.number().int().positive() }));

/** An agent was created or changed (its keys masked). */
export const agentSaved = aiEvent('ai.agent.saved', z.object({ agent: agentSchema, created: z.boolean() }));
export const agentDeleted = aiEvent('ai.agent.deleted', z.object({ agentId: z.number().int().positive() }));

/** A chatbot integration was created or changed (its secrets masked). */
export const queueIntegrationSaved = aiEvent(
  'ai.queueIntegration.saved',
  z.object({ queueIntegration: queueIntegrationSchema, created: z.boolean() }),
);
export const queueIntegrationDeleted = aiEvent('ai.queueIntegration.deleted', z.object({ integrationId: z.number().int().positive() }));

/**
 * An AI assistant answers the customer of a ticket: conversations sends `body` as an ordinary message
 * of the ticket (to WhatsApp, shown in the chat), marked as the assistant's. Keyed `ticket-{id}`, as the
 * handoff, so a fallback answer and the handoff after it arrive in that order.
 */
export const aiReplyRequested = aiEvent(
  'ai.reply.requested',
  z
    .object({
      ticketId: z.number().int().positive(),
      /** The answer; a media's caption, which may be empty. */
      body: z.string().max(65_536),
      author: aiAuthorSchema,
      /**
       * The answer spoken (the agent's or prompt's voice): a file of the company's media storage that
       * conversations sends after the text as a WhatsApp voice note (ogg/opus, ptt).
       */
      voiceNote: z
        .object({ mediaUrl: z.string().min(1).max(2_000), mimetype: z.string().max(255), fileName: z.string().max(255) })
        .optional(),
      /**
       * A chatbot's media (image, audio, video, document): a file ai downloaded from the bot's URL into the
       * company's media storage (never the bot's URL itself), sent as that WhatsApp media with `body` as its
       * caption (empty: none). `kind` is what the bot said it is; the mimetype is what was downloaded.
       */
      media: z
        .object({
          mediaUrl: z.string().min(1).max(2_000),
          mimetype: z.string().min(1).max(255),
          fileName: z.string().min(1).max(255),
          kind: z.enum(['image', 'audio', 'video', 'document']),
        })
        .optional(),
    })
    // Only a media goes without words.
    .refine((reply) => reply.body.length > 0 || reply.media !== undefined, { message: 'body is empty', path: ['body'] }),
);

/**
 * An AI assistant hands the ticket to a human (the customer asked, the model decided through its tool,
 * or the provider failed): conversations makes it pending in its queue; the assistant stays silent on it.
 */
export const aiHandoffRequested = aiEvent(
  'ai.handoff.requested',
  z.object({
    ticketId: z.number().int().positive(),
    reason: z.enum(AI_HANDOFF_REASONS),
    author: aiAuthorSchema,
    /** A chatbot's transfer (`#{"queueId":N,"userId":M}`): the queue the ticket moves to, and the user who takes it. */
    queueId: z.number().int().positive().optional(),
    userId: z.number().int().positive().optional(),
    /** Why, for the humans: kept as a note on the ticket (a failing integration says what failed). */
    note: z.string().min(1).max(2_000).optional(),
  }),
);

/**
 * An audio message of a ticket was transcribed (the connection's transcribe or transcribeme, or the
 * group's activetranscribe): conversations shows the text under the audio and announces the message.
 */
export const aiMessageTranscribed = aiEvent(
  'ai.message.transcribed',
  z.object({
    messageId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    transcript: z.string().max(TRANSCRIPT_MAX_LENGTH),
  }),
);

/** The day's summary of a group: conversations posts it as a message of the group's ticket. */
export const aiGroupSummarised = aiEvent(
  'ai.group.summarised',
  z.object({
    ticketId: z.number().int().positive(),
    contactId: z.number().int().positive(),
    /** The company's day it summarises (YYYY-MM-DD, its time zone). */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    body: z.string().min(1).max(65_536),
  }),
);

/**
 * An agent with canSetTags applies its tag rules (its apply_tag tool): conversations adds the company's
 * tags of these names (case ignored) to the ticket, keeping its others; a name the company has no tag
 * of is skipped. Keyed `ticket-{id}`, as the reply, so it lands before the answer that follows it.
 */
export const aiTagsRequested = aiEvent(
  'ai.tags.requested',
  z.object({
    ticketId: z.number().int().positive(),
    tags: z.array(z.string().trim().min(1).max(100)).min(1).max(20),
    author: aiAuthorSchema,
  }),
);

export const AI_EVENTS = [
  promptSaved,
  promptDeleted,
  agentSaved,
  agentDeleted,
  queueIntegrationSaved,
  queueIntegrationDeleted,
  aiReplyRequested,
  aiHandoffRequested,
  aiMessageTranscribed,
  aiGroupSummarised,
  aiTagsRequested,
];
