import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@incontra/contracts/constants';

/** Below the spec's phone breakpoint (640 px): icon-only controls, full-screen panels. */
export function useIsPhone(): boolean {
  return useMediaQuery(`(max-width: ${BREAKPOINTS.phone - 0.02}px)`) ?? false;
}
