import { campaignBodySchema, campaignPageQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class CampaignBodyDto extends createZodDto(campaignBodySchema) {}
export class CampaignPageQueryDto extends createZodDto(campaignPageQuerySchema) {}
