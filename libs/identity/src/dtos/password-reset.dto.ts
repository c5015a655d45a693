import { createZodDto } from 'nestjs-zod';
import { forgotPasswordSchema, resetPasswordSchema } from '@app/contracts';

export class ForgotPasswordDto extends createZodDto(forgotPasswordSchema) {}
export class ResetPasswordDto extends createZodDto(resetPasswordSchema) {}
