import { Button, Menu, Modal, useMantineTheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { useMfeProps } from './mfe-props-context';
import { RemoteProviders } from './remote-providers';
import { buildMfeProps } from './testing/build-mfe-props';

let seen: { primary: string; shade: unknown; sameClient: boolean; path: string; companyId: string } | null = null;

function Probe() {
  const theme = useMantineTheme();
  const client = useQueryClient();
  const props = useMfeProps();
  seen = {
    primary: theme.primaryColor,
    shade: theme.colors[theme.primaryColor]?.[6],
    sameClient: client === props.queryClient,
    path: useLocation().pathname,
    companyId: props.company.id,
  };
  return <p>probe</p>;
}

describe('RemoteProviders', () => {
  beforeEach(() => {
    seen = null;
  });

  it('wraps the routes in the company theme, the shell QueryClient, a router and the mount props', () => {
    window.history.pushState({}, '', '/prenota');
    const props = buildMfeProps({ theme: { primaryColor: '#1e88e5', radiusPx: 4, logoUrl: '/logo.svg' } });
    render(
      <RemoteProviders props={props}>
        <Probe />
      </RemoteProviders>,
    );
    expect(screen.getByText('probe')).toBeInTheDocument();
    expect(seen).toEqual({ primary: 'brand', shade: '#1e88e5', sameClient: true, path: '/prenota', companyId: props.company.id });
  });

  it('follows a new theme handed down by the shell', () => {
    const props = buildMfeProps();
    const { rerender } = render(
      <RemoteProviders props={props}>
        <Probe />
      </RemoteProviders>,
    );
    expect(seen?.shade).toBe(props.theme.primaryColor);
    rerender(
      <RemoteProviders props={{ ...props, theme: { ...props.theme, primaryColor: '#2e7d32' } }}>
        <Probe />
      </RemoteProviders>,
    );
    expect(seen?.shade).toBe('#2e7d32');
  });

  // jsdom lays nothing out, so to Mantine's default environment every menu target looks scrolled
  // away: an open menu went `display: none` once its position was computed, and a test finding
  // an item passed only if it looked first. Under Jest the providers use Mantine's test environment.
  it('keeps an open menu visible once its position is computed', async () => {
    render(
      <RemoteProviders props={buildMfeProps()}>
        <Menu>
          <Menu.Target>
            <Button>Sfondo</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Ufficio</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </RemoteProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sfondo' }));
    const menu = screen.getByRole('menu');
    await waitFor(() => expect(menu).toHaveStyle({ top: '8px' }));
    expect(screen.getByRole('menuitem', { name: 'Ufficio' })).toBeVisible();
  });

  it('gives the theme’s accessible defaults: a dialog named close button, a header that is no banner, readable CSS variables', async () => {
    render(
      <RemoteProviders props={buildMfeProps({ theme: { primaryColor: '#f5a623', radiusPx: 8, logoUrl: '/logo.svg' } })}>
        <Modal opened onClose={() => undefined} title="Conferma">
          <p>testo</p>
        </Modal>
      </RemoteProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Conferma' });
    expect(within(dialog).getByRole('button', { name: 'Chiudi' })).toBeInTheDocument();
    expect(dialog.querySelector('header')).toHaveAttribute('role', 'presentation');
    expect(document.documentElement.innerHTML).toContain('--mantine-color-dimmed: #5c636a');
  });

  it('keeps the header of a dialog built from its parts from being a banner too', async () => {
    render(
      <RemoteProviders props={buildMfeProps()}>
        <Modal.Root opened onClose={() => undefined}>
          <Modal.Content>
            <Modal.Header>
              <Modal.Title>Messaggio</Modal.Title>
            </Modal.Header>
          </Modal.Content>
        </Modal.Root>
      </RemoteProviders>,
    );
    expect((await screen.findByRole('dialog')).querySelector('header')).toHaveAttribute('role', 'presentation');
  });
});
