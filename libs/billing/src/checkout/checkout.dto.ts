import { subscriptionBodySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class SubscriptionBodyDto extends createZodDto(subscriptionBodySchema) {}
