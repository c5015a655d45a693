import { campaignSettingsBodySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class CampaignSettingsBodyDto extends createZodDto(campaignSettingsBodySchema) {}
