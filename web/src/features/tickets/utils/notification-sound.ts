/**
 * The new-message sound, drawn with the Web Audio API (no audio file to ship): two short tones at the
 * given volume (0 to 1). Silent where Web Audio is missing or the volume is 0.
 */
export function playNotificationSound(volume: number): void {
  if (volume <= 0) return;
  const AudioContextClass =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.gain.value = volume * 0.3;
    gain.connect(context.destination);
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      const start = context.currentTime + index * 0.15;
      oscillator.start(start);
      oscillator.stop(start + 0.12);
    });
    setTimeout(() => void context.close(), 600);
  } catch (error) {
    console.warn('[notifications] sound failed', error);
  }
}
