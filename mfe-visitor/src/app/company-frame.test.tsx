import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyConfig } from '@incontra/contracts/api/stores';
import type { JoinRequestStatus } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { STORE_ID, apiError, sentRequest, visitorRequest } from '../features/live/testing/join-request-fixtures';
import { SEND_PATH, renderLive, sendName } from '../features/live/testing/render-live';
import { renderApp } from './test-utils';

const CONFIG: CompanyConfig = { id: TEST_COMPANY.id, name: TEST_COMPANY.name, stores: [{ id: STORE_ID, name: 'Milano Centro', address: null, wall: null }] };

/** The company's logo and name on top of the page, as the welcome page has them. */
function expectCompanyFrame(name = TEST_COMPANY.name, logoUrl = '/shell/default-logo.svg') {
  const frame = screen.getByTestId('company-frame');
  expect(within(frame).getByText(name)).toBeInTheDocument();
  expect(frame.querySelector('img')).toHaveAttribute('src', logoUrl);
}

describe('company frame', () => {
  afterEach(() => window.sessionStorage.clear());

  it.each([
    ['the welcome page', '/'],
    ['the booking page', `/prenota?store=${STORE_ID}`],
    ['a page that does not exist', '/partecipa/nulla'],
  ])('frames %s with the company logo and name', async (_page, path) => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    const company = { ...TEST_COMPANY, name: 'Ottica Rossi', logo: '/uploads/ottica-rossi.png' };
    const props = buildMfeProps({ company });
    renderApp(path, props);
    // The page under the frame (the booking page is a chunk of its own) has come.
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expectCompanyFrame('Ottica Rossi', props.theme.logoUrl);
    expect(props.theme.logoUrl).not.toBe('/shell/default-logo.svg');
  });

  it('frames the name step and the invitation page', async () => {
    renderLive(`/partecipa?store=${STORE_ID}`, {});
    expect(await screen.findByTestId('live-name-form')).toBeInTheDocument();
    expectCompanyFrame();
  });

  it('frames the reservation link page', async () => {
    const reservationId = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
    renderLive(`/partecipa?appuntamento=${reservationId}`, {
      [`POST /api/video-room/reservation/${reservationId}/send-join-request`]: apiError(409, IT_LOBBY.errors.reservationTooEarly),
    });
    expect(await screen.findByTestId('reservation-entry')).toBeInTheDocument();
    expectCompanyFrame();
  });

  it('frames the phone step', async () => {
    const user = userEvent.setup();
    renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: { status: 200, body: sentRequest({ verificationRequired: true }) } });
    await sendName(user);
    expect(await screen.findByTestId('phone-form')).toBeInTheDocument();
    expectCompanyFrame();
  });

  it.each<[JoinRequestStatus, string]>([
    ['pending', 'waiting-step'],
    ['busy', 'outcome-busy'],
    ['rejected', 'outcome-rejected'],
    ['expired', 'outcome-expired'],
    ['cancelled', 'outcome-cancelled'],
    ['ended', 'outcome-ended'],
    ['approved', 'outcome-approved'],
  ])('frames the step shown for a %s request', async (status, testId) => {
    const user = userEvent.setup();
    const { sockets } = renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: { status: 200, body: sentRequest() } });
    await sendName(user);
    await screen.findByTestId('waiting-step');
    const socket = sockets.last;
    act(() => socket.accept());
    act(() => socket.deliver({ type: 'status', request: visitorRequest({ status }) }));
    expect(screen.getByTestId(testId)).toBeInTheDocument();
    expectCompanyFrame();
  });
  it.each([
    ['the welcome page', '/'],
    ['the booking page', `/prenota?store=${STORE_ID}`],
    ['a page that does not exist', '/partecipa/nulla'],
  ])('ends %s with a footer (contentinfo) linking the privacy and terms pages', async (_page, path) => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: IT_VISITOR_PAGES.privacy.title })).toHaveAttribute('href', ROUTES.privacy);
    expect(within(footer).getByRole('link', { name: IT_VISITOR_PAGES.terms.title })).toHaveAttribute('href', ROUTES.terms);
  });
});
