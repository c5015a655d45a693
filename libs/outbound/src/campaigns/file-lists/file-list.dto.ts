import { fileListBodySchema, fileListPageQuerySchema, fileListUploadFieldsSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class FileListBodyDto extends createZodDto(fileListBodySchema) {}
export class FileListPageQueryDto extends createZodDto(fileListPageQuerySchema) {}
export class FileListUploadFieldsDto extends createZodDto(fileListUploadFieldsSchema) {}
