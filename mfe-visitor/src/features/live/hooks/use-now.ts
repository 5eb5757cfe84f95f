import { useEffect, useState } from 'react';

/** This tab's clock, read again every `intervalMs` while mounted (for elapsed times and countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
