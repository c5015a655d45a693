import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { DataSource, QueryFailedError } from 'typeorm';
import { userCreated } from '@app/contracts';
import { AppError, isAdmin, OutboxWriter, type Tenancy } from '@app/platform';
import { mapUser, userSnapshot, type UserCreateDto, type UserSearchDto } from '../dtos/user.dto';
import { User } from '../entities/user.entity';

export const USERS_PAGE_SIZE = 20;

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';

@Injectable()
export class UserService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  async list(tenancy: Tenancy, query: UserSearchDto) {
    this.assertAdmin(tenancy);
    const search = `%${query.searchParam.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [users, count] = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .where('user.companyId = :companyId', { companyId: tenancy.companyId })
      .andWhere('(lower(user.name) LIKE :search OR user.email LIKE :search)', { search })
      .orderBy('user.name', 'ASC')
      .addOrderBy('user.id', 'ASC')
      .skip((query.pageNumber - 1) * USERS_PAGE_SIZE)
      .take(USERS_PAGE_SIZE)
      .getManyAndCount();
    return { users: users.map(mapUser), count, hasMore: count > query.pageNumber * USERS_PAGE_SIZE };
  }

  async create(tenancy: Tenancy, input: UserCreateDto) {
    this.assertAdmin(tenancy);
    const passwordHash = await argon2.hash(input.password);
    try {
      const user = await this.dataSource.transaction(async (manager) => {
        const created = await manager.save(
          manager.create(User, {
            companyId: tenancy.companyId,
            name: input.name,
            email: input.email,
            passwordHash,
            profile: input.profile,
            super: false,
            allTicket: input.allTicket,
            whatsappId: input.whatsappId,
            queueIds: input.queueIds,
            online: false,
          }),
        );
        await this.outbox.add(manager, {
          definition: userCreated,
          companyId: created.companyId,
          key: created.id,
          payload: { user: userSnapshot(created) },
        });
        return created;
      });
      return mapUser(user);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'A user with this e-mail already exists');
      }
      throw error;
    }
  }

  private assertAdmin(tenancy: Tenancy): void {
    if (!isAdmin(tenancy)) throw new AppError('ERR_NO_PERMISSION', 'Only admins manage users');
  }
}
