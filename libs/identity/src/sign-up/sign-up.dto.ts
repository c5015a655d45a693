import { signUpSchema, verifyCodeSchema, verifyEmailSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class VerifyEmailDto extends createZodDto(verifyEmailSchema) {}
export class VerifyCodeDto extends createZodDto(verifyCodeSchema) {}
export class SignUpDto extends createZodDto(signUpSchema) {}
