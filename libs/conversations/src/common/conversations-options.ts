export const CONVERSATIONS_OPTIONS = Symbol('CONVERSATIONS_OPTIONS');

export interface ConversationsOptions {
  /** Consumer group of whatsapp.events (default conversations-whatsapp); tests may isolate theirs. */
  whatsappGroupId?: string;
  /**
   * Where the whatsapp service answers (`POST /api/whatsapp/check-numbers`): WHATSAPP_URL in distributed,
   * this process's own address in standalone. Absent (tests of this service alone): numbers are not checked.
   */
  whatsappUrl?: string;
  /** The partner API's rate per token over all processes (decision 0051): `points` requests each `seconds`; default 50 a second. */
  partnerApiRate?: { points: number; seconds: number };
}
