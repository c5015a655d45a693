import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export const loginSchema = z.object({
  email: z.string({ error: 'Required' }).trim().toLowerCase().max(254),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(200),
});
export class LoginDto extends createZodDto(loginSchema) {}
