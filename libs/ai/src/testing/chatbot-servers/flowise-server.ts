import { randomUUID } from 'node:crypto';

import { bearerOf, FakeProductServer, type ProductReply, type RecordedRequest } from './fake-product-server';

/** What a chatflow answers a question with (the fields of Flowise's prediction answer the specs use). */
export interface FlowiseAnswer {
  text: string;
  /** Suggested next questions (Flowise sends them JSON-encoded in a string). */
  followUpPrompts?: string[];
  /** Files a tool made, kept in Flowise's storage (`FILE-STORAGE::name`) or given as a URL. */
  artifacts?: { type: string; data: string }[];
  /** A human-input node's buttons. */
  action?: { id: string; elements: { type: string; label: string }[] };
}

/**
 * A small server speaking Flowise's prediction API (POST /api/v1/prediction/{chatflowId}, optional
 * Bearer API key, {question, chatId, overrideConfig.sessionId}), answering like Flowise 2.x/3.x:
 * {text, question, chatId, chatMessageId, sessionId, followUpPrompts, ...}. Its errors are Flowise's
 * `{statusCode, success: false, message, stack}`.
 */
export class FakeFlowiseServer extends FakeProductServer {
  /** The chatflow the server knows; other ids get Flowise's 404. */
  readonly chatflowId = randomUUID();
  /** When set, the chatflow requires this API key (Flowise's chatflow-level API key). */
  apiKey: string | undefined;
  /** Questions seen per session id, as Flowise's memory keeps them. */
  readonly memory = new Map<string, string[]>();
  private script: (question: string, sessionId: string) => FlowiseAnswer = (question) => ({ text: `Você disse: ${question}` });

  static async start(): Promise<FakeFlowiseServer> {
    const server = new FakeFlowiseServer();
    await server.listen();
    return server;
  }

  /** The URL an integration's urlflowise holds. */
  get predictionUrl(): string {
    return `${this.origin}/api/v1/prediction/${this.chatflowId}`;
  }

  answerWith(script: (question: string, sessionId: string) => FlowiseAnswer): void {
    this.script = script;
  }

  protected errorBody(status: number): unknown {
    return flowiseError(status, status === 429 ? 'Too many requests, please try again later.' : 'Error: buildChatflow - ECONNRESET');
  }

  protected answer(request: RecordedRequest): ProductReply {
    const match = /^\/api\/v1\/prediction\/([^/?]+)$/.exec(request.path);
    if (request.method !== 'POST' || !match) return { status: 404, body: flowiseError(404, 'Not Found') };
    if (match[1] !== this.chatflowId) return { status: 404, body: flowiseError(404, `Chatflow ${match[1]} not found`) };
    if (this.apiKey && bearerOf(request) !== this.apiKey) return { status: 401, body: flowiseError(401, 'Unauthorized') };
    const body = request.body as { question?: unknown; chatId?: unknown; overrideConfig?: { sessionId?: unknown } } | undefined;
    if (typeof body?.question !== 'string' || !body.question)
      return { status: 500, body: flowiseError(500, 'Error: buildChatflow - Question is required') };
    const chatId = typeof body.chatId === 'string' ? body.chatId : randomUUID();
    const sessionId = typeof body.overrideConfig?.sessionId === 'string' ? body.overrideConfig.sessionId : chatId;
    this.memory.set(sessionId, [...(this.memory.get(sessionId) ?? []), body.question]);
    const answer = this.script(body.question, sessionId);
    return {
      status: 200,
      body: {
        text: answer.text,
        question: body.question,
        chatId,
        chatMessageId: randomUUID(),
        isStreamValid: false,
        sessionId,
        memoryType: 'Buffer Memory',
        followUpPrompts: JSON.stringify(answer.followUpPrompts ? JSON.stringify(answer.followUpPrompts) : undefined),
        ...(answer.artifacts ? { artifacts: answer.artifacts } : {}),
        ...(answer.action ? { action: { ...answer.action, mapping: { approve: 'Proceed', reject: 'Reject' } } } : {}),
      },
    };
  }
}

function flowiseError(statusCode: number, message: string) {
  return { statusCode, success: false, message, stack: {} };
}
