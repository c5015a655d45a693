import { ID_MESSAGE, idParamSchema, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@app/contracts';
import { type ArgumentMetadata, Injectable, Param, type PipeTransform } from '@nestjs/common';

import { AppError } from '../errors/app-error';

/** Turns a path parameter into an id by the shared id rule, or answers 400 ERR_VALIDATION naming it. */
@Injectable()
export class ParseIdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown, metadata: ArgumentMetadata): number {
    const parsed = idParamSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const path = metadata.data ?? 'id';
    throw new AppError('ERR_VALIDATION', `${path}: ${ID_MESSAGE}`, { fields: [{ path, message: ID_MESSAGE }] });
  }
}

/** A path parameter that is an id: `@IdParam() id: number`, `@IdParam('ticketId') ticketId: number`. */
export const IdParam = (name = 'id'): ParameterDecorator => Param(name, ParseIdPipe);

/** JSON objects, and query objects (node:querystring makes them without a prototype). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Where the first text PostgreSQL cannot store sits in a parsed input, or null. Keys count too. */
export function findUnstorableText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, field] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorableText(field, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The global pipe (every app, through configureHttpApp) that refuses, for every route at once, a
 * body, query or path parameter carrying a NUL byte or a lone UTF-16 surrogate: PostgreSQL stores
 * neither, so without it they were a 500 wherever they reached the database (decision 0022).
 */
@Injectable()
export class StorableTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' && metadata.type !== 'query' && metadata.type !== 'param') return value;
    const found = findUnstorableText(value, metadata.data ? [metadata.data] : []);
    if (!found) return value;
    const path = found.join('.') || metadata.type;
    throw new AppError('ERR_VALIDATION', `${path}: ${UNSTORABLE_TEXT_MESSAGE}`, { fields: [{ path, message: UNSTORABLE_TEXT_MESSAGE }] });
  }
}
