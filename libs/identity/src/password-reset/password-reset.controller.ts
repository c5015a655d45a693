import { forgotPasswordSchema } from '@app/contracts';
import { AppError, Public, zodFields } from '@app/platform';
import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';

import { clientIp } from '../common/client-ip';
import { ForgotPasswordDto, ResetPasswordDto } from './password-reset.dto';
import { PasswordResetService } from './password-reset.service';

/**
 * The spec's POST /resetpasswords/{email}/{token}/{password} put the password in the URL (and so in
 * logs); here everything travels in the JSON body.
 */
@Controller()
@Public()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post('forgetpassword')
  @HttpCode(200)
  forgot(@Body() body: ForgotPasswordDto, @Req() request: Request) {
    return this.resets.sendCode(body.email, clientIp(request));
  }

  /** The spec's form, with the e-mail in the path, under both of the spec's spellings. */
  @Post(['forgetpassword/:email', 'forgetpsw/:email'])
  @HttpCode(200)
  forgotByPath(@Param('email') email: string, @Req() request: Request) {
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      throw new AppError('ERR_VALIDATION', 'email: invalid', { fields: zodFields(parsed.error) });
    }
    return this.resets.sendCode(parsed.data.email, clientIp(request));
  }

  @Post('resetpasswords')
  @HttpCode(200)
  reset(@Body() body: ResetPasswordDto, @Req() request: Request) {
    return this.resets.reset(body, clientIp(request));
  }
}
