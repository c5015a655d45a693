import { FILE_STORAGE, type FileStorage, mediaUrlOfKey, storageKeyName } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';

import type { Answerer, VoiceNote, VoiceReplier } from '../answering/answerer';
import { SpeechSynthesisClient, VOICE_NOTE_MIMETYPE } from './speech-synthesis.client';

export const VOICE_NOTE_FILE_NAME = 'resposta.ogg';

/**
 * An assistant's answer spoken in its voice (an agent's ElevenLabs voice, a prompt's Azure neural
 * voice), stored in the company's media (where whatsapp's sender loads it from) for conversations to
 * send as a voice note. A provider that fails leaves the answer as text: the customer is not kept waiting.
 */
@Injectable()
export class VoiceReplies implements VoiceReplier {
  private readonly logger = new Logger(VoiceReplies.name);

  constructor(
    private readonly speech: SpeechSynthesisClient,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async speak(answerer: Answerer, text: string): Promise<VoiceNote | null> {
    const voice = answerer.voice;
    if (!voice) return null;
    try {
      const audio =
        voice.provider === 'elevenlabs'
          ? await this.speech.elevenLabs(voice.apiKey, voice.voiceId, text)
          : await this.speech.azure(voice.key, voice.region, voice.voice, text);
      const key = `companies/${answerer.companyId}/ai/voice-notes/${storageKeyName(VOICE_NOTE_FILE_NAME)}`;
      await this.storage.put(key, audio, VOICE_NOTE_MIMETYPE, { fileName: VOICE_NOTE_FILE_NAME });
      return { mediaUrl: mediaUrlOfKey(key), mimetype: VOICE_NOTE_MIMETYPE, fileName: VOICE_NOTE_FILE_NAME };
    } catch (error) {
      // The key is never logged: the error holds the status and the provider's message only.
      this.logger.warn({ author: answerer.author, provider: voice.provider, reason: String(error) }, 'the answer could not be spoken');
      return null;
    }
  }
}
