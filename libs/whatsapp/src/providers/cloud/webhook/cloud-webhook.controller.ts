import { AppError, Public } from '@app/platform';
import { Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';

import { cloudVerificationQuerySchema } from './cloud-webhook.schema';
import { CloudWebhookService } from './cloud-webhook.service';

/**
 * GET and POST /whatsapp-cloud/webhook/{key}: Meta's calls, public by nature. The key (a random
 * uuid per connection) picks the connection; the signature proves the call is Meta's.
 */
@Public()
@Controller('whatsapp-cloud/webhook')
export class CloudWebhookController {
  constructor(private readonly webhooks: CloudWebhookService) {}

  @Get(':key')
  async verify(
    @Param('key', new ParseUUIDPipe()) key: string,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const parsed = cloudVerificationQuerySchema.safeParse(query);
    if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Expected hub.mode=subscribe, hub.verify_token and hub.challenge');
    const challenge = await this.webhooks.verify(key, parsed.data['hub.verify_token'], parsed.data['hub.challenge'], request.ip ?? '');
    response.status(200).type('text/plain').send(challenge);
  }

  @Post(':key')
  @HttpCode(200)
  async receive(
    @Param('key', new ParseUUIDPipe()) key: string,
    @Headers('x-hub-signature-256') signature: string | undefined,
    @Req() request: Request,
  ): Promise<{ ok: true }> {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    await this.webhooks.receive(key, body, signature, request.ip ?? '');
    return { ok: true };
  }
}
