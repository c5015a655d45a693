import { z } from 'zod';

import { M } from './fields';

// ---------------------------------------------------------------------------------------------
// Logos and icons
// ---------------------------------------------------------------------------------------------

/** POST /settings/media-upload?ref=<destination> (super, multipart `file`); GET /logos/<destination> serves it. */
export const LOGO_DESTINATIONS = ['signup', 'login', 'interno', 'favicon', 'favicon-256x256', 'apple-touch-icon'] as const;
export type LogoDestination = (typeof LOGO_DESTINATIONS)[number];
export const LOGO_EXTENSIONS = ['.png', '.ico', '.svg'] as const;
export const logoUploadQuerySchema = z.object({
  ref: z.enum(LOGO_DESTINATIONS, { error: M.logoDestinationRequired }),
});
export const logoUploadResponseSchema = z.object({ mensagem: z.literal(M.fileAttached), url: z.string() });
export type LogoUploadResponse = z.infer<typeof logoUploadResponseSchema>;
/** GET /logos (public): the URL of each uploaded destination, null for those still on the default. */
export const logoListResponseSchema = z.record(z.enum(LOGO_DESTINATIONS), z.string().nullable());
export type LogoListResponse = z.infer<typeof logoListResponseSchema>;
