import { mediaLinkSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class MediaLinkDto extends createZodDto(mediaLinkSchema) {}
