import { useMantineTheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
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
});
