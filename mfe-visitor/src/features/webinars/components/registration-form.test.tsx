import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import {
  atWebinarTime,
  BEARER,
  callsTo,
  PERSONAL_TOKEN,
  REGISTER_PATH,
  REGISTRATION_ID,
  REGISTRATION_PATH,
  refusal,
  registration,
  renderWebinarPage,
  WEBINAR_ID,
  WEBINAR_PATH,
  webinar,
} from '../testing/webinar-fixtures';

const F = IT_WEBINAR_PAGES.form;
const V = IT_WEBINARS.validation;
const R = IT_WEBINARS.rules;
type User = ReturnType<typeof userEvent.setup>;

function fields() {
  return {
    firstName: screen.getByRole('textbox', { name: F.firstName }),
    lastName: screen.getByRole('textbox', { name: F.lastName }),
    email: screen.getByRole('textbox', { name: F.email }),
    consent: screen.getByRole('checkbox', { name: new RegExp(`^${F.consentBefore}`) }),
  };
}

async function fillIn(user: User, { email = 'giulia.bianchi@example.it' } = {}) {
  const { firstName, lastName, email: emailField, consent } = fields();
  await user.type(firstName, 'Giulia');
  await user.type(lastName, 'Bianchi');
  await user.type(emailField, email);
  await user.click(consent);
}

/** The error shown for a field, found as a screen reader does: through its aria-describedby. */
function describedError(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function renderForm(handlers: Parameters<typeof renderWebinarPage>[1] = {}) {
  const rendered = renderWebinarPage(`/webinar/${WEBINAR_ID}`, { [WEBINAR_PATH]: { status: 200, body: webinar() }, ...handlers });
  await screen.findByTestId('webinar-registration-form');
  return rendered;
}

describe('the webinar registration form', () => {
  atWebinarTime();

  it('checks every field before sending: each message under its field, linked to it, the first wrong field focused', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await renderForm();
    await user.click(screen.getByRole('button', { name: F.submit }));

    const { firstName, lastName, email, consent } = fields();
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(describedError(firstName)).toBe(V.firstName);
    expect(describedError(lastName)).toBe(V.lastName);
    expect(describedError(email)).toBe(V.email);
    expect(describedError(consent)).toBe(V.privacyConsent);
    expect(callsTo(fetchMock, REGISTER_PATH)).toHaveLength(0);

    // Each message goes once its value will do.
    await user.type(firstName, 'Giulia');
    expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'giulia@');
    expect(describedError(email)).toBe(V.email);
    await user.type(email, 'example.it');
    expect(describedError(email)).toBe('');
    await user.click(consent);
    expect(describedError(consent)).toBe('');
    await user.click(screen.getByRole('button', { name: F.submit }));
    await waitFor(() => expect(lastName).toHaveFocus());
    expect(callsTo(fetchMock, REGISTER_PATH)).toHaveLength(0);
  });

  it('links the privacy consent to the company’s privacy page, in a new tab', async () => {
    await renderForm();
    const link = within(fields().consent.closest('.mantine-Checkbox-root') as HTMLElement).getByRole('link', { name: new RegExp(F.consentLink) });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleName(`${F.consentLink} ${F.opensInNewTab}`);
  });

  it('registers and opens the registrant’s page, the token in its address', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await renderForm({
      [REGISTER_PATH]: { status: 201, body: { registration: registration(), token: PERSONAL_TOKEN } },
      [REGISTRATION_PATH]: { status: 200, body: registration() },
    });
    await fillIn(user, { email: '  giulia.bianchi@example.it ' });
    await user.click(screen.getByRole('button', { name: F.submit }));

    expect(await screen.findByRole('heading', { level: 1, name: IT_WEBINAR_PAGES.registration.title })).toBeInTheDocument();
    expect(window.location.pathname).toBe(`/webinar/iscrizione/${REGISTRATION_ID}`);
    expect(new URLSearchParams(window.location.search).get('token')).toBe(PERSONAL_TOKEN);
    expect(screen.getByText('Giulia Bianchi · giulia.bianchi@example.it')).toBeInTheDocument();
    expect(callsTo(fetchMock, REGISTER_PATH).map((call) => call.body)).toEqual([
      { firstName: 'Giulia', lastName: 'Bianchi', email: 'giulia.bianchi@example.it', privacyConsent: true },
    ]);
    // The registrant's page reads with the new token.
    for (const call of callsTo(fetchMock, REGISTRATION_PATH)) expect(call.headers.authorization).toBe(BEARER);
  });

  it('puts a refusal that names a field under that field, focused', async () => {
    const user = userEvent.setup();
    await renderForm({ [REGISTER_PATH]: refusal(400, V.lastName, 'lastName') });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: F.submit }));
    const { lastName } = fields();
    await waitFor(() => expect(describedError(lastName)).toBe(V.lastName));
    expect(lastName).toHaveFocus();
    expect(screen.queryByTestId('webinar-registration-refused')).not.toBeInTheDocument();
  });

  it('says an address already registered under the e-mail, as the API names it', async () => {
    const user = userEvent.setup();
    await renderForm({ [REGISTER_PATH]: refusal(409, R.alreadyRegistered, 'email') });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: F.submit }));
    const { email } = fields();
    await waitFor(() => expect(describedError(email)).toBe(R.alreadyRegistered));
    expect(email).toHaveFocus();
  });

  it.each([
    ['full', R.full],
    ['closed', R.closed],
  ])('says a %s webinar above the fields, focused, keeping what was typed', async (_reason, message) => {
    const user = userEvent.setup();
    await renderForm({ [REGISTER_PATH]: refusal(409, message) });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: F.submit }));

    const refused = await screen.findByTestId('webinar-registration-refused');
    expect(refused).toHaveAttribute('role', 'alert');
    expect(refused).toHaveTextContent(message);
    await waitFor(() => expect(refused).toHaveFocus());
    const form = screen.getByTestId('webinar-registration-form');
    expect(form.firstElementChild?.firstElementChild).toBe(refused);
    expect(fields().email).toHaveValue('giulia.bianchi@example.it');
    expect(fields().consent).toBeChecked();
  });
});
