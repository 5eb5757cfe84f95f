import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** jsdom plays no media: `play()` of the page's video and audio answers at once. Called at the top of a test file. */
export function stubMediaPlay(): void {
  beforeAll(() => {
    Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, writable: true, value: jest.fn(async () => undefined) });
  });
}

/** Through the pre-join page: «Entra» pressed once the preview lets it be. */
export async function enterFromPrejoin(): Promise<void> {
  const enter = await screen.findByTestId('prejoin-enter');
  await waitFor(() => expect(enter).toBeEnabled());
  await userEvent.click(enter);
}
