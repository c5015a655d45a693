import { Controller, Get } from '@nestjs/common';
import { PRODUCT_VERSION } from '@app/contracts';

@Controller('version')
export class VersionController {
  @Get()
  version() {
    return { version: PRODUCT_VERSION };
  }
}
