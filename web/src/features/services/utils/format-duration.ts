/** A service's minutes as the spec shows them, 'Xh Ymin': 90 → '1h 30min', 45 → '0h 45min', 120 → '2h 0min'. */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)}h ${whole % 60}min`;
}
