import {
  IDENTITY_MESSAGES,
  LOGO_DESTINATIONS,
  LOGO_EXTENSIONS,
  type LogoDestination,
  type LogoListResponse,
  type LogoUploadResponse,
} from '@app/contracts';
import { AppError, FILE_STORAGE, type FileContent, type FileStorage } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { acceptedImageKind, IMAGE_CONTENT_TYPES, type UploadedFileLike } from '../common/uploads';

const logoKey = (destination: LogoDestination) => `public/logos/${destination}`;
export const logoUrl = (destination: LogoDestination) => `/api/logos/${destination}`;

/** The logos and icons of the login and sign-up pages: PNG, ICO or SVG, uploaded by super users. */
@Injectable()
export class LogoService {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async upload(destination: LogoDestination, file: UploadedFileLike | undefined): Promise<LogoUploadResponse> {
    if (!file) {
      throw new AppError('ERR_VALIDATION', IDENTITY_MESSAGES.logoFileRequired, {
        fields: [{ path: 'file', message: IDENTITY_MESSAGES.logoFileRequired }],
      });
    }
    const kind = acceptedImageKind(file, LOGO_EXTENSIONS);
    if (!kind || kind === 'jpeg') {
      throw new AppError('ERR_VALIDATION', IDENTITY_MESSAGES.logoFileType, {
        fields: [{ path: 'file', message: IDENTITY_MESSAGES.logoFileType }],
      });
    }
    await this.storage.put(logoKey(destination), file.buffer, IMAGE_CONTENT_TYPES[kind]);
    return { mensagem: IDENTITY_MESSAGES.fileAttached, url: logoUrl(destination) };
  }

  /** Each destination's URL, or null while it shows the built-in default. */
  async list(): Promise<LogoListResponse> {
    const entries = await Promise.all(
      LOGO_DESTINATIONS.map(async (destination) => {
        const file = await this.storage.get(logoKey(destination));
        file?.stream.destroy();
        return [destination, file ? logoUrl(destination) : null] as const;
      }),
    );
    return Object.fromEntries(entries) as LogoListResponse;
  }

  async file(destination: LogoDestination): Promise<FileContent> {
    const file = await this.storage.get(logoKey(destination));
    if (!file) throw new AppError('ERR_NOT_FOUND', 'No logo uploaded for this destination');
    return file;
  }
}
