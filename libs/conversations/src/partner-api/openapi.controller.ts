import { partnerOpenApiDocument } from '@app/contracts';
import { Public } from '@app/platform';
import { Controller, Get } from '@nestjs/common';

/** GET /api/openapi.json: the public API's OpenAPI 3.1 document, made from the schemas that validate it. */
@Controller('openapi.json')
@Public()
export class OpenApiController {
  private readonly document = partnerOpenApiDocument('/api');

  @Get()
  get() {
    return this.document;
  }
}
