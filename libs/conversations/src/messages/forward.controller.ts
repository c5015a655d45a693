import { messageForwardSchema } from '@app/contracts';
import { CurrentTenancy, type Tenancy } from '@app/platform';
import { Body, Controller, Post } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';

import { ForwardService } from './forward.service';

class MessageForwardDto extends createZodDto(messageForwardSchema) {}

@Controller('message')
export class ForwardController {
  constructor(private readonly forwards: ForwardService) {}

  @Post('forward')
  forward(@CurrentTenancy() tenancy: Tenancy, @Body() body: MessageForwardDto) {
    return this.forwards.forward(tenancy, { messageId: body.messageId, contactId: body.contactId, signMessage: body.signMessage ?? true });
  }
}
