import { checkNumbersSchema } from '@app/contracts';
import { CurrentTenancy, type Tenancy } from '@app/platform';
import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';

import { FORWARDED_CHECK_HEADER, NumberCheckService } from './number-check.service';

class CheckNumbersDto extends createZodDto(checkNumbersSchema) {}

/** POST /whatsapp/check-numbers: any user of the company; the connection must be the company's. */
@Controller('whatsapp/check-numbers')
export class NumberCheckController {
  constructor(private readonly numbers: NumberCheckService) {}

  @Post()
  @HttpCode(200)
  check(
    @CurrentTenancy() tenancy: Tenancy,
    @Body() body: CheckNumbersDto,
    @Headers('authorization') authorization: string,
    @Headers(FORWARDED_CHECK_HEADER) forwarded: string | undefined,
  ) {
    return this.numbers.check(tenancy, body, authorization, forwarded === '1');
  }
}
