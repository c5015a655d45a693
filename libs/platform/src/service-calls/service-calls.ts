import { ERROR_CODES, type ErrorCode, type ServiceCallDefinition, type ServiceCallInput, type ServiceCallOutput } from '@app/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { z } from 'zod';

import { AccessTokenService } from '../auth/access-token.service';
import { AppError } from '../errors/app-error';
import { zodFields } from '../errors/http-exception.filter';
import { callService } from '../http/call-service';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';

/** What the owner does with a call of one of its companies: the parsed input in, the output back. */
export type ServiceCallHandler<D extends ServiceCallDefinition> = (
  companyId: number,
  input: z.output<D['input']>,
) => Promise<ServiceCallOutput<D>>;

/** The path, under /api, where a process answers the service calls its modules registered. */
export const SERVICE_CALLS_PATH = '/service-calls';

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Synchronous calls between services that no user makes (decision 0050): the ai service asking
 * outbound's booking for free slots while a customer waits. The owner's module registers a handler
 * per call (`answer`); the caller `call`s it by its contract. When the owner runs in this process
 * (standalone, or a service calling itself) the handler runs in-process; otherwise the call is a POST
 * to the owner's URL (`serviceUrls`) with a 60-second token signed with the platform's secret, naming
 * the calling service, the call and the company, which only ServiceCallsController accepts. Both
 * ways parse the input and the output with the contract's schemas, and an AppError of the owner
 * reaches the caller as the same AppError.
 */
@Injectable()
export class ServiceCalls {
  private readonly logger = new Logger(ServiceCalls.name);
  private readonly handlers = new Map<string, { definition: ServiceCallDefinition; handler: ServiceCallHandler<ServiceCallDefinition> }>();

  constructor(
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions,
    private readonly tokens: AccessTokenService,
  ) {}

  /** Registered by the owner's module: calls of this definition are answered by this process. */
  answer<D extends ServiceCallDefinition>(definition: D, handler: ServiceCallHandler<D>): void {
    this.handlers.set(definition.name, { definition, handler: handler as unknown as ServiceCallHandler<ServiceCallDefinition> });
  }

  /** Runs a registered call for the company (the controller's side): the input is parsed first (ERR_VALIDATION). */
  async run(name: string, companyId: number, input: unknown): Promise<unknown> {
    const registered = this.handlers.get(name);
    if (!registered) throw new AppError('ERR_NOT_FOUND', `No service call ${name} is answered here`);
    const parsed = registered.definition.input.safeParse(input);
    if (!parsed.success) {
      throw new AppError('ERR_VALIDATION', `Bad input for ${name}`, { fields: zodFields(parsed.error) });
    }
    return registered.definition.output.parse(await registered.handler(companyId, parsed.data));
  }

  /** Asks the owner of `definition` on behalf of the company; throws the owner's AppError, or ERR_SERVICE_UNAVAILABLE when it cannot be asked. */
  async call<D extends ServiceCallDefinition>(
    definition: D,
    companyId: number,
    input: ServiceCallInput<D>,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<ServiceCallOutput<D>> {
    if (this.handlers.has(definition.name)) return (await this.run(definition.name, companyId, input)) as ServiceCallOutput<D>;
    const baseUrl = this.options.serviceUrls?.[definition.owner];
    if (!baseUrl) throw new AppError('ERR_SERVICE_UNAVAILABLE', `${definition.owner} is not reachable from ${this.options.serviceName}`);
    const token = this.tokens.signServiceCall({ svc: this.options.serviceName, call: definition.name, companyId });
    let answer: Awaited<ReturnType<typeof callService<{ result?: unknown; error?: string; message?: string }>>>;
    try {
      answer = await callService(baseUrl, `${SERVICE_CALLS_PATH}/${definition.name}`, {
        authorization: `Bearer ${token}`,
        json: { input },
        timeoutMs,
      });
    } catch (error) {
      this.logger.warn({ call: definition.name, companyId, error: String(error) }, `${definition.owner} did not answer`);
      throw new AppError('ERR_SERVICE_UNAVAILABLE', `${definition.owner} did not answer ${definition.name}`);
    }
    if (answer.ok) return definition.output.parse(answer.body?.result) as ServiceCallOutput<D>;
    const code = answer.body?.error;
    if (code && (ERROR_CODES as readonly string[]).includes(code)) {
      const { error: _code, message, ...details } = answer.body as Record<string, unknown>;
      throw new AppError(code as ErrorCode, typeof message === 'string' ? message : code, details);
    }
    throw new AppError('ERR_SERVICE_UNAVAILABLE', `${definition.owner} answered ${answer.status} to ${definition.name}`);
  }
}
