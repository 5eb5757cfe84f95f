const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/**
 * A file size as Italians read it: «850 B», «12 kB», «1,5 MB» (powers of 1024, one decimal under
 * 10). The one spelling of every remote (the back office's documents, the room's chat and files).
 */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}
