import { render, screen, waitFor, within } from '@testing-library/react';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { APPS_ROOT_ID, remoteContainerId } from '@incontra/contracts/routes';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { FramedRemote } from './framed-remote';
import { renderApp } from './test-utils';

/*
 * The subscription page keeps the back office's layout: the back office is mounted on its path too
 * and holds the billing remote's container in its main area, whichever of the two mounts first.
 */

const BILLING = remoteContainerId('billing');

function appsRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = APPS_ROOT_ID;
  document.body.appendChild(root);
  return root;
}

afterEach(() => {
  document.getElementById(APPS_ROOT_ID)?.remove();
  document.getElementById(BILLING)?.remove();
});

describe('FramedRemote', () => {
  it('takes in the container the shell already mounted the remote into, and gives it back on leaving', () => {
    const root = appsRoot();
    const container = document.createElement('div');
    container.id = BILLING;
    container.textContent = 'Il tuo abbonamento';
    root.appendChild(container);

    const view = render(<FramedRemote remote="billing" />);
    const slot = view.container.querySelector('[data-frame-for="billing"]')!;
    expect(slot).toContainElement(container);
    expect(container).toHaveTextContent('Il tuo abbonamento');

    view.unmount();
    expect(root).toContainElement(document.getElementById(BILLING));
  });

  it('makes the container when the shell has not yet: the shell then finds it by its id', () => {
    const root = appsRoot();
    const view = render(<FramedRemote remote="billing" />);
    const container = document.getElementById(BILLING)!;
    expect(view.container.querySelector('[data-frame-for="billing"]')).toContainElement(container);
    expect(container.dataset.remote).toBe('billing');
    view.unmount();
    expect(root).toContainElement(container);
  });

  it.each(['/admin/abbonamento', '/admin/pagamenti'])(
    'sits inside the layout on the billing remote’s path %s: menu and «Esci» stay, no not-found view',
    async (path) => {
      appsRoot();
      mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
      renderApp(path);
      // The layout's content area holds the page; the billing page is the main landmark there, not the layout.
      await screen.findByRole('navigation', { name: IT_BACKOFFICE.navLabel });
      const content = document.getElementById('backoffice-main')!;
      await waitFor(() => expect(content).toContainElement(document.getElementById(BILLING)));
      expect(screen.queryByRole('main')).not.toBeInTheDocument();
      const main = content;
      expect(screen.getByRole('navigation', { name: IT_BACKOFFICE.navLabel })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: IT_BACKOFFICE.logout })).toBeInTheDocument();
      expect(within(main).queryByText(IT.shell.notFoundHeading)).not.toBeInTheDocument();
    },
  );
});
