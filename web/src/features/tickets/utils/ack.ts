export type AckIcon = 'clock' | 'single' | 'double' | 'double-read';

/** Spec 1 section 4: 0 clock, 1 and 2 single tick, 3 double tick, 4 and 5 double blue tick. */
export function getAckIcon(ack: number | null | undefined): AckIcon {
  if (ack == null || ack <= 0) return 'clock';
  if (ack <= 2) return 'single';
  if (ack === 3) return 'double';
  return 'double-read';
}
