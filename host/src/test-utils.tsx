// Brings jest-dom's matcher types into this package's type check (the runtime setup is tooling/jest-dom-setup.ts).
import '@testing-library/jest-dom';
import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';

export function renderWithMantine(ui: ReactElement): RenderResult {
  return render(<MantineProvider env="test">{ui}</MantineProvider>);
}
