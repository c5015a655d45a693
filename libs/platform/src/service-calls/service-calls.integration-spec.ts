import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { defineServiceCall } from '@app/contracts';
import type { INestApplication } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { z } from 'zod';

import { AccessTokenService } from '../auth/access-token.service';
import { AppError } from '../errors/app-error';
import { HttpExceptionFilter } from '../errors/http-exception.filter';
import { API_PREFIX } from '../http/configure-app';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';
import { ServiceCalls } from './service-calls';
import { ServiceCallsController } from './service-calls.controller';

const doubleCall = defineServiceCall({
  owner: 'outbound',
  name: 'outbound.double',
  input: z.object({ n: z.number().int() }),
  output: z.object({ doubled: z.number(), companyId: z.number() }),
});

/**
 * Service calls between processes (decision 0050): the owner answers at /api/service-calls/{name} to a
 * short-lived service token only; the caller gets the result, or the owner's AppError as the same
 * AppError, exactly as when the owner runs in its own process.
 */
describe('service calls over HTTP', () => {
  const secret = randomBytes(32).toString('hex');
  let owner: INestApplication;
  let ownerUrl: string;
  let caller: ServiceCalls;
  let tokens: AccessTokenService;

  const options = (serviceName: string, serviceUrls: PlatformOptions['serviceUrls'] = {}): PlatformOptions => ({
    serviceName,
    mode: 'distributed',
    jwt: { secret, accessTtlSeconds: 900 },
    logLevel: 'silent',
    serviceUrls,
  });

  beforeAll(async () => {
    const ownerModule = await Test.createTestingModule({
      imports: [JwtModule.register({})],
      controllers: [ServiceCallsController],
      providers: [
        { provide: PLATFORM_OPTIONS, useValue: options('outbound') },
        AccessTokenService,
        ServiceCalls,
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    }).compile();
    owner = ownerModule.createNestApplication({ logger: false });
    owner.setGlobalPrefix(API_PREFIX);
    await owner.listen(0, '127.0.0.1');
    ownerUrl = `http://127.0.0.1:${(owner.getHttpServer().address() as AddressInfo).port}`;
    owner.get(ServiceCalls).answer(doubleCall, async (companyId, { n }) => {
      if (n < 0) throw new AppError('ERR_SCHEDULE_CONFLICT', 'Não há atendimento neste dia da semana', { where: 'sunday' });
      return { doubled: n * 2, companyId };
    });
    tokens = owner.get(AccessTokenService);
    const callerModule = await Test.createTestingModule({
      imports: [JwtModule.register({})],
      providers: [{ provide: PLATFORM_OPTIONS, useValue: options('ai', { outbound: ownerUrl }) }, AccessTokenService, ServiceCalls],
    }).compile();
    caller = callerModule.get(ServiceCalls);
  });

  afterAll(async () => {
    await owner?.close();
  });

  it("another process's call reaches the owner for the caller's company and comes back parsed", async () => {
    await expect(caller.call(doubleCall, 7, { n: 21 })).resolves.toEqual({ doubled: 42, companyId: 7 });
  });

  it("the owner's refusal reaches the caller as the same AppError, with its details", async () => {
    const refusal = await caller.call(doubleCall, 7, { n: -1 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'ERR_SCHEDULE_CONFLICT',
      message: 'Não há atendimento neste dia da semana',
      details: { where: 'sunday' },
    });
  });

  it("bad input is the owner's ERR_VALIDATION; an owner that is not configured is ERR_SERVICE_UNAVAILABLE", async () => {
    await expect(caller.call(doubleCall, 7, { n: 'x' } as never)).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    const lonely = new ServiceCalls(options('ai'), tokens);
    await expect(lonely.call(doubleCall, 7, { n: 1 })).rejects.toMatchObject({ code: 'ERR_SERVICE_UNAVAILABLE' });
  });

  it("refuses a user's access token, a token for another call, a forged one and none; a service token is no user's token", async () => {
    const post = (authorization?: string) => {
      const call = request(ownerUrl)
        .post('/api/service-calls/outbound.double')
        .send({ input: { n: 1 } });
      return authorization ? call.set('Authorization', authorization) : call;
    };
    const userToken = tokens.sign({ sub: '1', companyId: 7, profile: 'admin', super: true, sid: randomUUID(), plan: [] });
    expect((await post(`Bearer ${userToken}`)).status).toBe(403);
    const otherCall = tokens.signServiceCall({ svc: 'ai', call: 'outbound.other', companyId: 7 });
    expect((await post(`Bearer ${otherCall}`)).status).toBe(403);
    const [head, body] = tokens.signServiceCall({ svc: 'ai', call: 'outbound.double', companyId: 7 }).split('.');
    expect((await post(`Bearer ${head}.${body}.${randomBytes(32).toString('base64url')}`)).status).toBe(403);
    expect((await post()).status).toBe(401);
    const good = tokens.signServiceCall({ svc: 'ai', call: 'outbound.double', companyId: 9 });
    expect((await post(`Bearer ${good}`)).body).toEqual({ result: { doubled: 2, companyId: 9 } });
    // ...and a service token is no user's token anywhere else.
    expect(() => tokens.verify(good)).toThrow(expect.objectContaining({ code: 'ERR_SESSION_EXPIRED' }));
  });
});
