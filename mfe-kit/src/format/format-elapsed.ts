const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A waiting time as a clock reads it, the same for the visitor who waits and the staff who see
 * the queue: `0:07`, `12:30` under an hour, `1:02:03` from the hour on (negative clock skew
 * reads as 0).
 */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}
