import { Inject, Injectable } from '@nestjs/common';

import type { Answerer, PromptGrounding } from '../answering/answerer';
import type { ConversationTurn } from '../common/conversation.repository';
import { knowledgeSection, PASSAGES_PER_ANSWER, questionOf } from './knowledge-prompt';
import { KNOWLEDGE_RETRIEVER, type KnowledgeRetriever } from './knowledge-retriever';

/**
 * An agent with documents answers from them: the passages that best match what the customer just
 * asked go into its system prompt under their documents' titles, with the rules to cite them and to
 * say so (or hand over) when they do not answer. Agents without documents, and prompts, are left as they are.
 */
@Injectable()
export class KnowledgeGrounding implements PromptGrounding {
  constructor(@Inject(KNOWLEDGE_RETRIEVER) private readonly retriever: KnowledgeRetriever) {}

  async ground(answerer: Answerer, turns: ConversationTurn[]): Promise<Answerer> {
    if (answerer.author.kind !== 'agent') return answerer;
    const scope = { companyId: answerer.companyId, agentId: answerer.author.id };
    if (!(await this.retriever.hasDocuments(scope))) return answerer;
    const passages = await this.retriever.retrieve(scope, questionOf(turns), PASSAGES_PER_ANSWER);
    return { ...answerer, systemPrompt: `${answerer.systemPrompt}\n\n${knowledgeSection(passages)}` };
  }
}
