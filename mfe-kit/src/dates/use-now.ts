import { useEffect, useState } from 'react';

/**
 * This tab's clock (ms), read again every `intervalMs` while mounted: for countdowns and waiting
 * times. It reads Date.now, so a test freezes or moves it with Jest's fake timers.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
