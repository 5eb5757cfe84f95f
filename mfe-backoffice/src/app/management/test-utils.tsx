import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { buildMfeProps, type TestMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';

/** One piece of the management kit inside the providers a back-office page has (theme, query client, router, mount props). */
export function renderWithProviders(ui: ReactNode, props: TestMfeProps = buildMfeProps({ adminContext: true })) {
  return { props, ...render(<RemoteProviders props={props}>{ui}</RemoteProviders>) };
}
