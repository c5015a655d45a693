import { createZodDto } from 'nestjs-zod';
import { signUpSchema, verifyCodeSchema, verifyEmailSchema } from '@app/contracts';

export class VerifyEmailDto extends createZodDto(verifyEmailSchema) {}
export class VerifyCodeDto extends createZodDto(verifyCodeSchema) {}
export class SignUpDto extends createZodDto(signUpSchema) {}
