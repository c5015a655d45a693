import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceDatabaseModule } from '@app/platform';
import { AuthController } from './auth/auth.controller';
import { SessionService } from './auth/session.service';
import { Company } from './entities/company.entity';
import { Plan } from './entities/plan.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import { User } from './entities/user.entity';
import { IDENTITY_OPTIONS, type IdentityOptions } from './identity-options';
import { IdentityInitial1732180000000 } from './migrations/1732180000000-identity-initial';
import { PlatformSeedService } from './seed/platform-seed.service';
import { UserController } from './users/user.controller';
import { UserService } from './users/user.service';
import { VersionController } from './version.controller';

export const IDENTITY_ENTITIES = [Plan, Company, User, RefreshToken];
export const IDENTITY_MIGRATIONS = [IdentityInitial1732180000000];

/** Auth and tenancy: companies, plans, users, login sessions. */
@Module({})
export class IdentityModule {
  static forRoot(options: IdentityOptions): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceDatabaseModule.forService({
          schema: 'identity',
          entities: IDENTITY_ENTITIES,
          migrations: IDENTITY_MIGRATIONS,
        }),
      ],
      controllers: [AuthController, UserController, VersionController],
      providers: [{ provide: IDENTITY_OPTIONS, useValue: options }, SessionService, UserService, PlatformSeedService],
    };
  }
}
