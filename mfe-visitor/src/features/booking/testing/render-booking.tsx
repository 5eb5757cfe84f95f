import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { PublicCompany } from '@incontra/contracts/api/company';
import type { RoomTranslation, StoreConfig } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { STORE } from './booking-fixtures';

type Handlers = Parameters<typeof mockFetch>[0];
type User = ReturnType<typeof userEvent.setup>;

/** A visitor page at `path`, the shell having loaded `store` for `?store=`, the API answering `handlers`. */
export function renderVisitorPage(
  path: string,
  handlers: Handlers,
  { store = STORE, company = {}, translations = [] }: { store?: StoreConfig | null; company?: Partial<PublicCompany>; translations?: RoomTranslation[] } = {},
) {
  const fetchMock = mockFetch(handlers);
  const props = buildMfeProps({ company: { ...TEST_COMPANY, ...company }, storeContext: { store, translations } });
  return { ...renderApp(path, props), fetchMock };
}

/** The query strings of the free-times reads, in the order they were made. */
export function slotQueries(fetchMock: jest.Mock): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), window.location.origin))
    .filter((url) => url.pathname.endsWith('/slots'))
    .map((url) => Object.fromEntries(url.searchParams));
}

export const stepHeading = (step: number, name: string) => IT_BOOKING_PAGES.stepHeading(step, 3, name);

/** Through the first two steps: the topic, then `day` and `time` in the calendar. */
export async function chooseTopicAndTime(user: User, { topic = 'Consulenza occhiali' as string | RegExp, day = 'martedì 3 marzo 2026', time = '10:30' } = {}) {
  await user.click(await screen.findByRole('button', { name: topic }));
  await user.click(await screen.findByRole('button', { name: day }));
  await user.click(within(screen.getByRole('region', { name: IT_BOOKING_PAGES.slot.timesOf(day) })).getByRole('radio', { name: time }));
  await user.click(screen.getByRole('button', { name: IT.visitor.continue }));
  await screen.findByRole('heading', { level: 2, name: stepHeading(3, IT.visitor.bookingSteps.personalData) });
}

/** The third step's fields, by their labels. */
export function detailsFields() {
  const D = IT_BOOKING_PAGES.details;
  return {
    firstName: screen.getByRole('textbox', { name: D.firstName }),
    lastName: screen.getByRole('textbox', { name: D.lastName }),
    email: screen.getByRole('textbox', { name: D.email }),
    phone: screen.getByRole('textbox', { name: D.phone }),
    notes: screen.getByRole('textbox', { name: D.notes }),
    consent: screen.getByRole('checkbox', { name: new RegExp(`^${D.consentBefore}`) }),
  };
}

/** Types a valid customer and accepts the privacy terms. */
export async function fillDetails(user: User, { phone = '333 123 4567', notes = 'Porto le vecchie lenti.' } = {}) {
  const fields = detailsFields();
  await user.type(fields.firstName, 'Mario');
  await user.type(fields.lastName, 'Rossi');
  await user.type(fields.email, 'mario.rossi@example.it');
  await user.type(fields.phone, phone);
  if (notes) await user.type(fields.notes, notes);
  await user.click(fields.consent);
}
