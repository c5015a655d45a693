import { Badge, Box, Code, Heading, HStack, List, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import {
  type JsonSchemaView,
  type OpenApiDocument,
  type OpenApiOperation,
  operationsOf,
  resolveSchema,
  useOpenApiDocument,
} from '../api/openapi';

const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', put: 'orange', patch: 'orange', delete: 'red' };
/** Nested schemas are shown this deep; below, their type alone. */
const MAX_DEPTH = 4;

/**
 * The API reference (issue 26): the server's OpenAPI document (/api/openapi.json, generated from the
 * schemas that validate the requests) read as a page: each operation with its parameters, bodies and
 * answers. A reader of our own: the document is small, and the well-kept viewers weigh megabytes.
 */
export function ApiReference() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useOpenApiDocument();
  if (isPending) return <Spinner aria-label={t('messagesApi.reference.loading')} />;
  if (isError || !data) return <Text role="alert">{t('messagesApi.reference.failed')}</Text>;
  const operations = operationsOf(data);
  return (
    <Stack gap="6" data-testid="api-reference">
      <Stack gap="1">
        <Heading as="h2" size="md">
          {data.info.title}{' '}
          <Text as="span" fontWeight="normal" color="fg.muted">
            {data.info.version}
          </Text>
        </Heading>
        {data.info.description && <Text>{data.info.description}</Text>}
        <Text fontSize="sm">
          {t('messagesApi.reference.server')} <Code>{data.servers?.[0]?.url ?? '/api'}</Code> · OpenAPI {data.openapi}
        </Text>
      </Stack>
      {operations.map(({ method, path, operation }) => (
        <OperationView key={`${method} ${path}`} document={data} method={method} path={path} operation={operation} />
      ))}
    </Stack>
  );
}

function OperationView({
  document,
  method,
  path,
  operation,
}: {
  document: OpenApiDocument;
  method: string;
  path: string;
  operation: OpenApiOperation;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const parameters = operation.parameters ?? [];
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderRadius="md"
      padding="4"
      data-testid={`api-operation-${operation.operationId ?? path}`}
    >
      <Stack gap="3">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette={METHOD_COLORS[method] ?? 'gray'} textTransform="uppercase">
            {method}
          </Badge>
          <Heading as="h3" size="sm" id={headingId} fontFamily="mono">
            {path}
          </Heading>
          {operation.tags?.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
        </HStack>
        {operation.summary && <Text fontWeight="semibold">{operation.summary}</Text>}
        {operation.description && <Text whiteSpace="pre-wrap">{operation.description}</Text>}
        {parameters.length > 0 && (
          <Stack gap="1">
            <Heading as="h4" size="xs">
              {t('messagesApi.reference.parameters')}
            </Heading>
            <Table.ScrollArea tabIndex={0}>
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('messagesApi.reference.name')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('messagesApi.reference.in')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('messagesApi.reference.type')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('messagesApi.reference.description')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {parameters.map((parameter) => (
                    <Table.Row key={`${parameter.in}-${parameter.name}`}>
                      <Table.Cell>
                        <Code>{parameter.name}</Code>
                        {parameter.required && <RequiredMark />}
                      </Table.Cell>
                      <Table.Cell>{parameter.in}</Table.Cell>
                      <Table.Cell>{parameter.schema ? typeOf(document, parameter.schema) : ''}</Table.Cell>
                      <Table.Cell>
                        {[parameter.description, parameter.schema && constraintsOf(parameter.schema)].filter(Boolean).join(' ')}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
        )}
        {operation.requestBody && (
          <Stack gap="1">
            <Heading as="h4" size="xs">
              {t('messagesApi.reference.body')}
            </Heading>
            {Object.entries(operation.requestBody.content).map(([type, content]) => (
              <Stack key={type} gap="1">
                <Code alignSelf="start">{type}</Code>
                {content.schema && <SchemaView document={document} schema={content.schema} depth={0} />}
              </Stack>
            ))}
          </Stack>
        )}
        <Stack gap="1">
          <Heading as="h4" size="xs">
            {t('messagesApi.reference.responses')}
          </Heading>
          <List.Root variant="plain" gap="2">
            {Object.entries(operation.responses).map(([status, response]) => {
              const schema = response.content?.['application/json']?.schema;
              return (
                <List.Item key={status} display="block">
                  <HStack gap="2">
                    <Badge colorPalette={status.startsWith('2') ? 'green' : 'red'}>{status}</Badge>
                    <Text>{response.description}</Text>
                  </HStack>
                  {status.startsWith('2') && schema && <SchemaView document={document} schema={schema} depth={0} />}
                </List.Item>
              );
            })}
          </List.Root>
        </Stack>
      </Stack>
    </Box>
  );
}

/** An object's fields (name, type, required, description and limits), nested objects and arrays under them. */
function SchemaView({ document, schema, depth }: { document: OpenApiDocument; schema: JsonSchemaView; depth: number }) {
  const resolved = resolveSchema(document, schema);
  const target = resolved.type === 'array' && resolved.items ? resolveSchema(document, resolved.items) : resolved;
  const properties = Object.entries(target.properties ?? {});
  if (properties.length === 0 || depth >= MAX_DEPTH) return null;
  const required = new Set(target.required ?? []);
  return (
    <List.Root paddingStart="4" gap="1" fontSize="sm">
      {properties.map(([name, property]) => (
        <List.Item key={name}>
          <Code>{name}</Code>{' '}
          <Text as="span" color="fg.muted">
            {typeOf(document, property)}
          </Text>
          {required.has(name) && <RequiredMark />}
          {[property.description, constraintsOf(property)].filter(Boolean).length > 0 && (
            <Text as="span"> — {[property.description, constraintsOf(property)].filter(Boolean).join(' ')}</Text>
          )}
          <SchemaView document={document} schema={property} depth={depth + 1} />
        </List.Item>
      ))}
    </List.Root>
  );
}

function RequiredMark() {
  const { t } = useTranslation();
  return (
    <Text
      as="span"
      color="red.600"
      marginStart="1"
      title={t('messagesApi.reference.required')}
      aria-label={t('messagesApi.reference.required')}
    >
      *
    </Text>
  );
}

/** `string`, `integer | null`, `array of object`, `"a" | "b"`. */
export function typeOf(document: OpenApiDocument, schema: JsonSchemaView): string {
  const resolved = resolveSchema(document, schema);
  if (resolved.enum) return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (resolved.const !== undefined) return JSON.stringify(resolved.const);
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) return variants.map((variant) => typeOf(document, variant)).join(' | ');
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : [];
  const named = types.map((type) => (type === 'array' && resolved.items ? `array of ${typeOf(document, resolved.items)}` : type));
  const text = named.join(' | ') || 'any';
  return resolved.format ? `${text} (${resolved.format})` : text;
}

/** The limits a value must keep: `1–4096 chars`, `≥ 1`, `pattern ^\d+$`, `default ''`. */
export function constraintsOf(schema: JsonSchemaView): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    parts.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} chars`);
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) parts.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '∞'} items`);
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.length ? `(${parts.join(', ')})` : '';
}
