import { screen } from '@testing-library/react';
import { createAppRenderer } from '@incontra/mfe-kit/testing/render-app';
import { App } from './app';

/** The whole back-office remote rendered at a path, as single-spa would mount it there (staff paths: admin context). */
export const renderApp = createAppRenderer(App, { adminContext: true });

/** A password field by its label (password inputs have no ARIA role; the label ends with Mantine's required mark). */
export function passwordInput(label: string): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}\\s*\\*?$`), { selector: 'input' }) as HTMLInputElement;
}
