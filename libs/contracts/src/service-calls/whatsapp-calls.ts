import { z } from 'zod';

import { transcribeProviderSchema } from '../api/whatsapp';
import { defineServiceCall } from './define-service-call';

/**
 * A connection's transcription provider and key, asked by the ai service when it transcribes an audio
 * of that connection (decision 0052): the key stays with whatsapp and travels on no event. An unknown
 * connection of the company answers ERR_NOT_FOUND; one without a key answers an empty key.
 */
export const whatsappTranscriptionKeyCall = defineServiceCall({
  owner: 'whatsapp',
  name: 'whatsapp.transcription-key',
  input: z.object({ connectionId: z.number().int().positive() }),
  output: z.object({ transcribeprovider: transcribeProviderSchema, transcribekey: z.string() }),
});
