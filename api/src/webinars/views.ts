import { WEBINAR_JOIN_EARLY_MINUTES, type PublicWebinar, type Webinar, type WebinarEngine, type WebinarRegistration } from '@incontra/contracts/api/webinars';
import { ROUTES } from '@incontra/contracts/routes';
import type { RegistrationRow, RegistrationWithWebinar, WebinarRow, WebinarWithStore } from './repository';
import { registrationPagePath, type RegistrantFacts } from './webinar-mail';

/** When the webinar is scheduled to end. */
export function endOf(webinar: Pick<WebinarRow, 'startsAt' | 'durationMinutes'>): Date {
  return new Date(webinar.startsAt.getTime() + webinar.durationMinutes * 60_000);
}

/** When its join opens. */
export function joinOpensAt(webinar: Pick<WebinarRow, 'startsAt'>): Date {
  return new Date(webinar.startsAt.getTime() - WEBINAR_JOIN_EARLY_MINUTES * 60_000);
}

function timing(webinar: WebinarRow) {
  return {
    startsAt: webinar.startsAt.toISOString(),
    endsAt: endOf(webinar).toISOString(),
    durationMinutes: webinar.durationMinutes,
    joinOpensAt: joinOpensAt(webinar).toISOString(),
  };
}

export function toWebinar({ webinar, storeName }: WebinarWithStore, presenters: { id: string; name: string }[], engine: WebinarEngine): Webinar {
  return {
    id: webinar.id,
    store: { id: webinar.storeId, name: storeName },
    title: webinar.title,
    description: webinar.description,
    ...timing(webinar),
    capacity: webinar.capacity,
    registered: webinar.registered,
    status: webinar.status as Webinar['status'],
    presenters,
    engine,
    publicPath: `${ROUTES.webinar}/${webinar.id}`,
  };
}

/** Registration is open while the webinar is published, not started, with seats left. */
export function registrationOpen(webinar: WebinarRow, now: Date): boolean {
  return webinar.status === 'published' && now.getTime() < webinar.startsAt.getTime() && webinar.registered < webinar.capacity;
}

export function toPublicWebinar({ webinar, storeName }: WebinarWithStore, timeZone: string, now: Date): PublicWebinar {
  return {
    id: webinar.id,
    store: { id: webinar.storeId, name: storeName },
    title: webinar.title,
    description: webinar.description,
    ...timing(webinar),
    timeZone,
    status: webinar.status as PublicWebinar['status'],
    seatsLeft: Math.max(0, webinar.capacity - webinar.registered),
    registrationOpen: registrationOpen(webinar, now),
  };
}

export function toRegistration(row: RegistrationRow, webinar: PublicWebinar): WebinarRegistration {
  return {
    id: row.id,
    status: row.status as WebinarRegistration['status'],
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    webinar,
    pagePath: registrationPagePath(row.id),
  };
}

export function registrantFacts({ registration, webinar, storeName, companyName, timeZone }: RegistrationWithWebinar): RegistrantFacts {
  return {
    registrationId: registration.id,
    webinarId: webinar.id,
    title: webinar.title,
    sequence: webinar.sequence,
    startsAt: webinar.startsAt,
    endsAt: endOf(webinar),
    timeZone,
    companyName,
    storeName,
    firstName: registration.firstName,
    lastName: registration.lastName,
    email: registration.email,
    origin: registration.linkOrigin,
    token: registration.token,
  };
}
