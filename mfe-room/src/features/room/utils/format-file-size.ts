/** 1234567 → "1,2 MB": Italian decimals, the unit a person would say. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toLocaleString('it-IT', { maximumFractionDigits: digits, minimumFractionDigits: 0 })} ${units[unit]}`;
}
