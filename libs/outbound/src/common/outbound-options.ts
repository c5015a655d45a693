export const OUTBOUND_OPTIONS = Symbol('OUTBOUND_OPTIONS');

export interface OutboundOptions {
  /** Consumer group of whatsapp.events (default outbound-whatsapp); tests may isolate theirs. */
  whatsappGroupId?: string;
  /** Milliseconds between two number-check batches of one company (default NUMBER_CHECK_INTERVAL_MS); tests shorten it. */
  numberCheckIntervalMs?: number;
  /** The clock campaigns and schedules read (default the system's); tests fix it. */
  now?: () => Date;
  /** Sends claimed per transaction by the schedule dispatcher (default 200). */
  scheduleDispatchBatch?: number;
}
