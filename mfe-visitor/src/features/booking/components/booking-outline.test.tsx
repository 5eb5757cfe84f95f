import { screen, within } from '@testing-library/react';
import { IT } from '@incontra/contracts/messages/it';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

describe('booking outline', () => {
  it('lists the three steps in order and says booking is not active yet', async () => {
    const store = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01', name: 'Milano Centro', address: null, wall: null };
    mockFetch({ 'GET /api/config/company': { status: 200, body: { id: TEST_COMPANY.id, name: 'Demo', stores: [store] } } });
    renderApp('/prenota');
    expect(screen.getByRole('heading', { level: 1, name: IT.visitor.bookingTitle })).toBeInTheDocument();
    const steps = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual(['Argomento', 'Data e ora', 'Dati personali']);
    expect(screen.getByText(IT.visitor.bookingSoon)).toBeInTheDocument();
    expect(await screen.findByText(`${IT.visitor.storeLabel}: Milano Centro`)).toBeInTheDocument();
  });

  it('answers an unknown visitor path with the not-found texts', () => {
    mockFetch({});
    const { props } = renderApp('/webinar/unknown');
    expect(screen.getByRole('heading', { name: IT.shell.notFoundHeading })).toBeInTheDocument();
    screen.getByRole('button', { name: IT.shell.backHome }).click();
    expect(props.navigate).toHaveBeenCalledWith('/', { replace: true });
  });
});
