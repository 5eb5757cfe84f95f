import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { NotFoundNotice } from './not-found-notice';
import { PageLoader } from './page-loader';
import { RemoteProviders } from './remote-providers';
import { buildMfeProps } from './testing/build-mfe-props';

describe('remote notices', () => {
  it('answers an unknown path with the shell not-found texts and a way home that replaces the entry', async () => {
    const props = buildMfeProps();
    render(
      <RemoteProviders props={props}>
        <NotFoundNotice />
      </RemoteProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: IT.shell.notFoundHeading })).toBeInTheDocument();
    expect(screen.getByText(IT.shell.notFoundText)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: IT.shell.backHome }));
    expect(props.navigate).toHaveBeenCalledWith(ROUTES.welcome, { replace: true });
  });

  it('announces loading to screen readers', () => {
    render(
      <RemoteProviders props={buildMfeProps()}>
        <PageLoader />
      </RemoteProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(IT.shell.loading);
  });
});
