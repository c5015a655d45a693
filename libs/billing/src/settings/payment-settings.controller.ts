import { paymentSettingUpdateSchema } from '@app/contracts';
import { Roles } from '@app/platform';
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';

import { PaymentSettingsService } from './payment-settings.service';

class PaymentSettingUpdateDto extends createZodDto(paymentSettingUpdateSchema) {}

/** /payment-settings: the platform's payment providers, for super users only (spec 3 §6: the integrations IXC, MK-AUTH, ASAAS). */
@Controller('payment-settings')
@Roles('super')
export class PaymentSettingsController {
  constructor(private readonly settings: PaymentSettingsService) {}

  @Get()
  list() {
    return this.settings.list();
  }

  @Put(':key')
  update(@Param('key') key: string, @Body() body: PaymentSettingUpdateDto) {
    return this.settings.update(key, body.value);
  }
}
