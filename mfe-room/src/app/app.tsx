import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { mantineThemeFor } from '@incontra/contracts/mantine-theme';
import type { MfeProps } from '@incontra/contracts/mfe';
import { MfePropsProvider } from './mfe-props-context';
import { RoomRoutes } from './room-routes';

/** Root component of the room remote; the shell loads Mantine's CSS once for everybody. */
export function App(props: MfeProps) {
  const theme = useMemo(() => mantineThemeFor(props.theme), [props.theme]);
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={props.queryClient}>
        <BrowserRouter>
          <MfePropsProvider value={props}>
            <RoomRoutes />
          </MfePropsProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
