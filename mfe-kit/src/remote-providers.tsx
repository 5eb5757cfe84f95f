import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { cssVariablesFor, mantineThemeFor } from '@incontra/contracts/mantine-theme';
import type { MfeProps } from '@incontra/contracts/mfe';
import { MANTINE_ENV } from './mantine-env';
import { MfePropsProvider } from './mfe-props-context';

/**
 * What every remote's root component wraps its routes in: the company's Mantine theme, the
 * shell's QueryClient (the signed-in user lives there), a router on the page's history, and the
 * mount props. Mantine's CSS is not imported here: the shell loads it once for everybody.
 */
export function RemoteProviders({ props, children }: { props: MfeProps; children: ReactNode }) {
  const theme = useMemo(() => mantineThemeFor(props.theme), [props.theme]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesFor} env={MANTINE_ENV}>
      <QueryClientProvider client={props.queryClient}>
        <BrowserRouter>
          <MfePropsProvider value={props}>{children}</MfePropsProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
