import { type AiAuthor, bookingBookCall, bookingFreeSlotsCall, bookingServicesCall, bookingWallTimeSchema } from '@app/contracts';
import { AppError, ServiceCalls } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';

import type { Answerer, AnswererTools } from './answerer';
import { type BookingKey, ToolBookingRepository } from './tool-booking.repository';

export const APPLY_TAG_TOOL = 'apply_tag';
export const LIST_SERVICES_TOOL = 'list_services';
export const FIND_FREE_SLOTS_TOOL = 'find_free_slots';
export const BOOK_APPOINTMENT_TOOL = 'book_appointment';

/** The ticket an answer is for: whose tools act on it. */
export interface ToolContext {
  companyId: number;
  ticketId: number;
  /** The ticket's contact: the one an appointment is booked for. */
  contactId: number | null;
  /** The ticket's connection: the one an appointment's message and reminders go out from. */
  connectionId: number;
  author: AiAuthor;
  /** The newest customer message the answer answers: a retried answer has the same, and books nothing twice. */
  answeringThrough: string;
}

/** What the model may call besides the handoff during one answer, and what those calls decided. */
export interface Toolbox {
  definitions: ChatCompletionTool[];
  /** Added to the system prompt: the rules the tools work under (tag rules, scheduling instructions). */
  instructions: string;
  /** Runs a call; the text (JSON) the model reads back. Never throws: a refusal is an answer too. */
  run(name: string, argumentsJson: string): Promise<string>;
  /** The tags the model applied (sent once the answer is kept). */
  readonly tags: ReadonlySet<string>;
}

const tool = (name: string, description: string, properties: Record<string, object>, required: string[]): ChatCompletionTool => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});

const freeSlotsArgs = z.object({
  serviceId: z.number().int().positive().optional(),
  fromDay: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  days: z.number().int().min(1).max(31).optional(),
});
const bookArgs = z.object({ serviceId: z.number().int().positive(), start: bookingWallTimeSchema });
const tagArgs = z.object({ tag: z.string().min(1).max(100) });

const answer = (value: object) => JSON.stringify(value);
const refused = (error: string) => answer({ ok: false, error });

function parsedArgs<T>(schema: z.ZodType<T>, json: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(json || '{}'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The tools an agent's configuration gives it (spec 3): with canSetTags, `apply_tag` over its tag rules;
 * with canSchedule, `list_services`, `find_free_slots` and `book_appointment`, answered by outbound's
 * booking as service calls (decision 0050). Every call is checked against the agent's own configuration
 * (only its rules' tags, only its services, only its ticket's contact); a call outside them is refused
 * to the model, which then tells the customer so.
 */
@Injectable()
export class AgentTools {
  private readonly logger = new Logger(AgentTools.name);

  constructor(
    private readonly calls: ServiceCalls,
    private readonly bookings: ToolBookingRepository,
  ) {}

  toolboxFor(answerer: Answerer, context: ToolContext): Toolbox | null {
    const tools = answerer.tools;
    if (!tools || (tools.tagRules.length === 0 && !tools.scheduling)) return null;
    const tags = new Set<string>();
    return {
      definitions: this.definitions(tools),
      instructions: instructionsOf(tools),
      tags,
      run: (name, json) => this.run(tools, context, tags, name, json),
    };
  }

  private definitions(tools: AnswererTools): ChatCompletionTool[] {
    const definitions: ChatCompletionTool[] = [];
    if (tools.tagRules.length > 0) {
      definitions.push(
        tool(
          APPLY_TAG_TOOL,
          'Aplica uma etiqueta a esta conversa quando a condição da sua regra for atendida (veja as regras de etiquetas).',
          { tag: { type: 'string', enum: [...new Set(tools.tagRules.map((rule) => rule.tag))], description: 'A etiqueta da regra.' } },
          ['tag'],
        ),
      );
    }
    if (tools.scheduling) {
      definitions.push(
        tool(LIST_SERVICES_TOOL, 'Lista os serviços que podem ser agendados: id, nome, descrição, preço e duração em minutos.', {}, []),
        tool(
          FIND_FREE_SLOTS_TOOL,
          'Procura horários livres para um serviço no fuso horário da empresa. Devolve inícios e fins no formato AAAA-MM-DDTHH:mm.',
          {
            serviceId: { type: 'integer', description: 'O id do serviço (de list_services).' },
            fromDay: { type: 'string', description: 'Primeiro dia da busca, AAAA-MM-DD (padrão: hoje).' },
            days: { type: 'integer', description: 'Quantos dias procurar (1 a 31, padrão 7).' },
          },
          ['serviceId'],
        ),
        tool(
          BOOK_APPOINTMENT_TOOL,
          'Agenda o serviço para este cliente no horário escolhido por ele (um início devolvido por find_free_slots). ' +
            'Só confirme o agendamento ao cliente se a resposta disser ok: true; se for recusado, diga o motivo e ofereça outros horários.',
          {
            serviceId: { type: 'integer', description: 'O id do serviço.' },
            start: { type: 'string', description: 'O início, AAAA-MM-DDTHH:mm, no fuso horário da empresa.' },
          },
          ['serviceId', 'start'],
        ),
      );
    }
    return definitions;
  }

  private async run(tools: AnswererTools, context: ToolContext, tags: Set<string>, name: string, json: string): Promise<string> {
    const scheduling = tools.scheduling;
    const offered = (serviceId: number) => !scheduling || scheduling.serviceIds.length === 0 || scheduling.serviceIds.includes(serviceId);
    try {
      switch (name) {
        case APPLY_TAG_TOOL: {
          const args = parsedArgs(tagArgs, json);
          const rule = args && tools.tagRules.find((one) => one.tag.toLowerCase() === args.tag.toLowerCase());
          if (!rule) return refused('Esta etiqueta não está nas suas regras.');
          tags.add(rule.tag);
          return answer({ ok: true, tag: rule.tag });
        }
        case LIST_SERVICES_TOOL: {
          if (!scheduling) break;
          const found = await this.calls.call(bookingServicesCall, context.companyId, { serviceIds: scheduling.serviceIds });
          return answer({ ok: true, ...found });
        }
        case FIND_FREE_SLOTS_TOOL: {
          if (!scheduling) break;
          const args = parsedArgs(freeSlotsArgs, json);
          if (!args) return refused('Argumentos inválidos: informe serviceId (número), e se quiser fromDay (AAAA-MM-DD) e days.');
          if (args.serviceId !== undefined && !offered(args.serviceId)) return refused('Este serviço não pode ser agendado por aqui.');
          const found = await this.calls.call(bookingFreeSlotsCall, context.companyId, {
            serviceId: args.serviceId ?? null,
            fromDay: args.fromDay ?? null,
            days: args.days ?? 7,
          });
          return answer({ ok: true, ...found });
        }
        case BOOK_APPOINTMENT_TOOL: {
          if (!scheduling) break;
          const args = parsedArgs(bookArgs, json);
          if (!args) return refused('Argumentos inválidos: informe serviceId (número) e start (AAAA-MM-DDTHH:mm).');
          if (!offered(args.serviceId)) return refused('Este serviço não pode ser agendado por aqui.');
          if (context.contactId === null) return refused('Não foi possível identificar o cliente desta conversa.');
          return await this.book(context, args);
        }
        default:
          break;
      }
      return refused(`A ferramenta ${name} não está disponível.`);
    } catch (error) {
      if (error instanceof AppError) {
        if (error.code === 'ERR_SERVICE_UNAVAILABLE') this.logger.warn({ ticketId: context.ticketId, tool: name }, error.message);
        return refused(error.message);
      }
      this.logger.warn({ ticketId: context.ticketId, tool: name, error: String(error) }, 'a tool call failed');
      return refused('A agenda não respondeu agora. Tente de novo em instantes ou ofereça um atendente.');
    }
  }

  /**
   * Books once per answered customer message and service: the key is claimed before the call, so a
   * retried answer (same ticket, same message) gets the appointment it made, and one whose earlier call
   * ended without knowing whether it booked (a crash, a timeout) books nothing rather than twice.
   */
  private async book(context: ToolContext, args: z.output<typeof bookArgs>): Promise<string> {
    const key: BookingKey = {
      companyId: context.companyId,
      ticketId: context.ticketId,
      answeringThrough: context.answeringThrough,
      serviceId: args.serviceId,
    };
    const claim = await this.bookings.claim(key);
    if (claim.kind === 'booked') return answer({ ok: true, appointment: claim.appointment, alreadyBooked: true });
    if (claim.kind === 'unsettled') {
      return refused('Um agendamento deste serviço para esta mensagem já foi pedido e não confirmou; ofereça um atendente para conferir.');
    }
    let booked;
    try {
      booked = await this.calls.call(bookingBookCall, context.companyId, {
        contactId: context.contactId!,
        serviceId: args.serviceId,
        start: args.start,
        whatsappId: context.connectionId,
        note: `Agendado por ${context.author.name} (IA), ticket #${context.ticketId}`,
      });
    } catch (error) {
      // The booking's own refusal booked nothing; an unreachable booking may have (the key stays claimed).
      if (error instanceof AppError && error.code !== 'ERR_SERVICE_UNAVAILABLE') await this.bookings.release(key);
      throw error;
    }
    await this.bookings.settle(key, booked);
    return answer({ ok: true, appointment: booked });
  }
}

function instructionsOf(tools: AnswererTools): string {
  const parts: string[] = [];
  if (tools.tagRules.length > 0) {
    parts.push(
      [
        `Regras de etiquetas (chame ${APPLY_TAG_TOOL} quando a condição for atendida; não fale das etiquetas ao cliente):`,
        ...tools.tagRules.map((rule) => `- ${rule.tag}: ${rule.condition}`),
        ...(tools.tagInstructions.trim() ? [tools.tagInstructions.trim()] : []),
      ].join('\n'),
    );
  }
  if (tools.scheduling) {
    parts.push(
      [
        `Agendamento: ofereça os serviços de ${LIST_SERVICES_TOOL}, procure horários com ${FIND_FREE_SLOTS_TOOL} e agende com ${BOOK_APPOINTMENT_TOOL}. ` +
          'Nunca invente serviços, preços ou horários; nunca confirme um agendamento que a ferramenta não confirmou.',
        ...(tools.scheduling.instructions.trim() ? [tools.scheduling.instructions.trim()] : []),
      ].join('\n'),
    );
  }
  return parts.join('\n\n');
}
