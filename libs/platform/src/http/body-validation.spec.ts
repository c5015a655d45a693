import { Body, Controller, HttpCode, type INestApplication, Post } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { createZodDto, ZodValidationException } from 'nestjs-zod';
import request from 'supertest';
import { z } from 'zod';

import { BodyValidationPipe } from './body-validation';

class ScanDto extends createZodDto(
  z.object({
    number: z
      .string()
      .regex(/^\d{8,15}$/)
      .optional(),
  }),
) {}
class DefaultsDto extends createZodDto(z.object({ signMessage: z.boolean().default(true) })) {}
class InboundDto extends createZodDto(z.object({ from: z.string() })) {}

@Controller()
class ActionsController {
  @Post('scan')
  @HttpCode(200)
  scan(@Body() body: ScanDto) {
    return { body };
  }

  @Post('defaults')
  @HttpCode(200)
  defaults(@Body() body: DefaultsDto) {
    return { body };
  }

  @Post('inbound')
  @HttpCode(200)
  inbound(@Body() body: InboundDto) {
    return { body };
  }
}

describe('an absent body on an action whose fields are all optional', () => {
  const pipe = new BodyValidationPipe();

  it('is validated as {} when the schema accepts {} (defaults applied), and stays a refusal otherwise', () => {
    expect(pipe.transform(undefined, { type: 'body', metatype: ScanDto })).toEqual({});
    expect(pipe.transform(undefined, { type: 'body', metatype: DefaultsDto })).toEqual({ signMessage: true });
    expect(() => pipe.transform(undefined, { type: 'body', metatype: InboundDto })).toThrow(ZodValidationException);
    // A body that is there is validated as sent: null is not an absent body.
    expect(() => pipe.transform(null, { type: 'body', metatype: ScanDto })).toThrow(ZodValidationException);
    // A single field (@Body('number')) or a parameter without a schema is left as it came.
    expect(pipe.transform(undefined, { type: 'body', data: 'number', metatype: String })).toBeUndefined();
    expect(pipe.transform(undefined, { type: 'body', metatype: Object })).toBeUndefined();
    // Only bodies: a query is always an object.
    expect(() => pipe.transform(undefined, { type: 'query', metatype: ScanDto })).toThrow(ZodValidationException);
  });

  describe('over HTTP (Express 5 leaves req.body undefined when nothing was sent)', () => {
    let app: INestApplication;
    beforeAll(async () => {
      const moduleRef = await Test.createTestingModule({
        controllers: [ActionsController],
        providers: [{ provide: APP_PIPE, useClass: BodyValidationPipe }],
      }).compile();
      app = moduleRef.createNestApplication({ bodyParser: false });
      (app as NestExpressApplication).useBodyParser('json', { limit: '1mb' });
      await app.init();
    });
    afterAll(() => app.close());

    it('a POST with no body, or an empty JSON body, reaches the action as {}', async () => {
      await request(app.getHttpServer()).post('/scan').expect(200, { body: {} });
      await request(app.getHttpServer()).post('/scan').set('Content-Type', 'application/json').expect(200, { body: {} });
      await request(app.getHttpServer())
        .post('/defaults')
        .expect(200, { body: { signMessage: true } });
      await request(app.getHttpServer())
        .post('/scan')
        .send({ number: '5511999990000' })
        .expect(200, { body: { number: '5511999990000' } });
    });

    it('a POST with no body to a route with a required field is still 400, and a bad field too', async () => {
      await request(app.getHttpServer()).post('/inbound').expect(400);
      await request(app.getHttpServer()).post('/scan').send({ number: 'abc' }).expect(400);
    });
  });
});
