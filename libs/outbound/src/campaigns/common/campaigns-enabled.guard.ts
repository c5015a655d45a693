import { AppError, type AuthenticatedRequest } from '@app/platform';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';

import { CompanySettingRepository } from '../../projections/company-setting.repository';

/**
 * The campaign routes need the company setting campaignsEnabled (spec 2, section 6), as identity
 * announced it: 'false' refuses them (403 ERR_NO_PERMISSION). A company whose setting was never
 * announced here (it existed before this service did) is not refused: the plan and the role still are.
 */
@Injectable()
export class CampaignsEnabledGuard implements CanActivate {
  constructor(private readonly settings: CompanySettingRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const tenancy = context.switchToHttp().getRequest<AuthenticatedRequest>().tenancy;
    if (!tenancy) return true;
    const value = await this.settings.value(tenancy.companyId, 'campaignsEnabled');
    if (value !== null && value !== 'true' && value !== 'enabled') {
      throw new AppError('ERR_NO_PERMISSION', 'Campaigns are not enabled for this company');
    }
    return true;
  }
}
