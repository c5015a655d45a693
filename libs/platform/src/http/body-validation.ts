import { type ArgumentMetadata, Injectable } from '@nestjs/common';
import { ZodValidationPipe } from 'nestjs-zod';
import type { z } from 'zod';

/** The zod schema of a nestjs-zod DTO class (`createZodDto`), or null when the parameter has none. */
function dtoSchema(metatype: ArgumentMetadata['metatype']): z.ZodType | null {
  const dto = metatype as { isZodDto?: boolean; schema?: z.ZodType } | undefined;
  return dto?.isZodDto && dto.schema ? dto.schema : null;
}

/**
 * The global validation pipe (APP_PIPE): nestjs-zod's, except that an absent body (a POST with no
 * body at all, e.g. `curl -X POST .../simulator/connections/1/scan`; Express 5 leaves `req.body`
 * undefined then) is validated as `{}` on a route whose body schema accepts `{}`: an action whose
 * fields are all optional needs no body. A route with a required field still answers 400 naming it.
 */
@Injectable()
export class BodyValidationPipe extends ZodValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'body' && value === undefined && !metadata.data && dtoSchema(metadata.metatype)?.safeParse({}).success) {
      return super.transform({}, metadata);
    }
    return super.transform(value, metadata);
  }
}
