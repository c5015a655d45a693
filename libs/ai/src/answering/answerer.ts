import type { AiAuthor, TagRule } from '@app/contracts';
import type { EntityManager } from 'typeorm';

import type { QueueBinding } from '../queues/queue.repository';

/** The providers an assistant answers through: both speak OpenAI's chat completions. */
export type AiProvider = 'openai' | 'openrouter';

/**
 * What answers a queue's customers, whatever it is configured as (a prompt now, an agent next): the
 * provider and its key (decrypted, only ever sent to the provider), the model and its settings, the
 * system prompt (never holding a key), and what it says and does when it cannot answer.
 */
export interface Answerer {
  author: AiAuthor;
  companyId: number;
  provider: AiProvider;
  apiKey: string;
  model: string;
  /** 0 to 2. */
  temperature: number;
  /** 50 to 4,000 for agents (a prompt's own bounds for prompts). */
  maxTokens: number;
  /** How many of the conversation's last messages it sees (newest kept). */
  maxMessages: number;
  systemPrompt: string;
  /** Sent to the customer when the provider fails or times out, before the handoff. */
  fallbackMessage: string;
  /** A customer message holding one of these words asks for a human (case and accents ignored). */
  transferToHumanKeywords: string[];
  /** How its answers are also spoken (a WhatsApp voice note after the text); absent: text only. */
  voice?: AnswererVoice;
  /** What it may do besides answering and handing over (agents with canSetTags or canSchedule); none when absent. */
  tools?: AnswererTools;
}

/** An agent's tools (spec 3: canSetTags with tagRules and tagInstructions; canSchedule with schedulingServices and schedulingInstructions). */
export interface AnswererTools {
  /** Tags it may put on the ticket, each with when; empty: no tag tool. */
  tagRules: TagRule[];
  tagInstructions: string;
  /** Booking through outbound; null: no booking tools. `serviceIds` empty offers every service of the catalogue. */
  scheduling: { serviceIds: number[]; instructions: string } | null;
}

/** An assistant's voice: an agent's ElevenLabs voice, or a prompt's Azure Speech neural voice (keys decrypted). */
export type AnswererVoice =
  { provider: 'elevenlabs'; apiKey: string; voiceId: string } | { provider: 'azure'; key: string; region: string; voice: string };

/** A spoken answer stored in the company's media: what conversations sends as a voice note. */
export interface VoiceNote {
  mediaUrl: string;
  mimetype: string;
  fileName: string;
}

/** Speaks an answer in the assistant's voice (the speech feature provides it); null when it could not. */
export interface VoiceReplier {
  speak(answerer: Answerer, text: string): Promise<VoiceNote | null>;
}

export const VOICE_REPLIER = Symbol('VOICE_REPLIER');

/** One kind of assistant (prompts, agents): finds the one a queue is bound to and counts what it used. */
export interface AnswererSource {
  /** The assistant of this binding when it is of this source's kind and active; null otherwise. */
  answererFor(binding: QueueBinding, companyId: number): Promise<Answerer | null>;
  /** Adds a call's token usage to the assistant's counters. */
  recordUsage(manager: EntityManager, author: AiAuthor, usage: TokenUsage): Promise<void>;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** The assistant sources the answering engine asks, in order (prompts here; the agents feature adds its own). */
export const ANSWERER_SOURCES = Symbol('ANSWERER_SOURCES');

/**
 * What an assistant should know for one answer beyond its own prompt (the knowledge documents):
 * given the conversation, the assistant to ask, its system prompt extended. Optional.
 */
export interface PromptGrounding {
  ground(answerer: Answerer, turns: { role: 'user' | 'assistant'; body: string }[]): Promise<Answerer>;
}

export const PROMPT_GROUNDING = Symbol('PROMPT_GROUNDING');
