import { PRODUCT_VERSION } from '@app/contracts';
import { Controller, Get } from '@nestjs/common';

@Controller('version')
export class VersionController {
  @Get()
  version() {
    return { version: PRODUCT_VERSION };
  }
}
