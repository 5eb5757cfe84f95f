import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';
import { buildMfeProps, type TestMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';

/** Test helper: a room component inside the providers the remote mounts it with (kept on rerender). */
export function renderInRoom(ui: ReactElement, mfeProps: TestMfeProps = buildMfeProps()) {
  const wrapper = ({ children }: { children: ReactNode }) => <RemoteProviders props={mfeProps}>{children}</RemoteProviders>;
  return { mfeProps, ...render(ui, { wrapper }) };
}
