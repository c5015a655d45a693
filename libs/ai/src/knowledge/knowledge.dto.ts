import { knowledgeUploadFieldsSchema, knowledgeUrlSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class KnowledgeUrlDto extends createZodDto(knowledgeUrlSchema) {}
export class KnowledgeUploadFieldsDto extends createZodDto(knowledgeUploadFieldsSchema) {}
