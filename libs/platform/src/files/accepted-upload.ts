import { AppError } from '../errors/app-error';
import { baseType, contentMatches, sniff } from './file-type';

/**
 * The type an upload is stored under: its declared type, when that type is one the route accepts
 * and the bytes are of that type. Anything else is refused with a 400 that says what was wrong
 * (a PNG that is really HTML is "declared image/png but its content is html").
 */
export function acceptedUploadType(file: { mimetype: string; buffer: Buffer }, accepted: readonly string[], field: string): string {
  const type = baseType(file.mimetype);
  if (!accepted.includes(type)) {
    throw new AppError('ERR_VALIDATION', `Files of type ${file.mimetype} are not accepted`, {
      fields: [{ path: field, message: 'tipo de arquivo não permitido' }],
    });
  }
  if (!contentMatches(type, file.buffer)) {
    throw new AppError('ERR_VALIDATION', `The file is declared ${type} but its content is ${sniff(file.buffer)}`, {
      fields: [{ path: field, message: 'o conteúdo do arquivo não corresponde ao tipo declarado' }],
    });
  }
  return type;
}
