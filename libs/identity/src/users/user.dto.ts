import { pageQuerySchema, userCreateSchema, userListQuerySchema, userUpdateSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class UserCreateDto extends createZodDto(userCreateSchema) {}
export class UserUpdateDto extends createZodDto(userUpdateSchema) {}
export class UserSearchDto extends createZodDto(pageQuerySchema) {}
export class UserListQueryDto extends createZodDto(userListQuerySchema) {}
