import { Public } from '@app/platform';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';

import { clientIp } from '../common/client-ip';
import { SignUpDto, VerifyCodeDto, VerifyEmailDto } from './sign-up.dto';
import { SignUpService } from './sign-up.service';

@Controller()
@Public()
export class SignUpController {
  constructor(private readonly signUps: SignUpService) {}

  @Post('verify-email')
  @HttpCode(200)
  verifyEmail(@Body() body: VerifyEmailDto, @Req() request: Request) {
    return this.signUps.sendCode(body, clientIp(request));
  }

  @Post('verify-code')
  @HttpCode(200)
  verifyCode(@Body() body: VerifyCodeDto, @Req() request: Request) {
    return this.signUps.verifyCode(body, clientIp(request));
  }

  @Post('companies/cadastro')
  signUp(@Body() body: SignUpDto, @Req() request: Request) {
    return this.signUps.signUp(body, clientIp(request));
  }
}
