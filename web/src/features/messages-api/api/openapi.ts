import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

/** A JSON Schema as the reference reads it: the keywords it shows, anything else kept. */
export interface JsonSchemaView {
  type?: string | string[];
  $ref?: string;
  description?: string;
  properties?: Record<string, JsonSchemaView>;
  required?: string[];
  items?: JsonSchemaView;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchemaView[];
  oneOf?: JsonSchemaView[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

const jsonSchema: z.ZodType<JsonSchemaView> = z.lazy(() =>
  z.looseObject({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    $ref: z.string().optional(),
    description: z.string().optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    required: z.array(z.string()).optional(),
    items: jsonSchema.optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    anyOf: z.array(jsonSchema).optional(),
    oneOf: z.array(jsonSchema).optional(),
    format: z.string().optional(),
    pattern: z.string().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    exclusiveMinimum: z.number().optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    default: z.unknown().optional(),
  }),
);

const media = z.looseObject({ schema: jsonSchema.optional() });

const operation = z.looseObject({
  operationId: z.string().optional(),
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  parameters: z
    .array(
      z.looseObject({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: jsonSchema.optional(),
      }),
    )
    .optional(),
  requestBody: z.looseObject({ required: z.boolean().optional(), content: z.record(z.string(), media) }).optional(),
  responses: z.record(
    z.string(),
    z.looseObject({
      description: z.string().optional(),
      content: z.record(z.string(), media).optional(),
      headers: z.record(z.string(), z.looseObject({ description: z.string().optional() })).optional(),
    }),
  ),
});
export type OpenApiOperation = z.infer<typeof operation>;

/** The part of an OpenAPI 3.1 document the reference shows (the server's /api/openapi.json). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({ schemas: z.record(z.string(), jsonSchema).optional() }).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The document's operations in its order, each with its method and path; entries that are not operations are skipped. */
export function operationsOf(document: OpenApiDocument): { method: string; path: string; operation: OpenApiOperation }[] {
  const found: { method: string; path: string; operation: OpenApiOperation }[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const parsed = operation.safeParse(item[method]);
      if (parsed.success) found.push({ method, path, operation: parsed.data });
    }
  }
  return found;
}

/** `#/components/schemas/Name` → that schema; anything else as it is. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchemaView): JsonSchemaView {
  const name = schema.$ref?.startsWith('#/components/schemas/') ? schema.$ref.slice('#/components/schemas/'.length) : null;
  return (name && document.components?.schemas?.[name]) || schema;
}

/** `GET /api/openapi.json`: the public API's document (no session needed; read with the app's client). */
export function getOpenApiQueryOptions() {
  return queryOptions({
    queryKey: ['openapi'],
    queryFn: () => api.get('/openapi.json', { schema: openApiDocumentSchema }),
    staleTime: Infinity,
  });
}

export function useOpenApiDocument() {
  return useQuery(getOpenApiQueryOptions());
}
