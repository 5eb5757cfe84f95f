import * as z from 'zod/mini';
import { webinarBodySchema, type Webinar, type WebinarBody, type WebinarUpdate } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { parseClock } from '../../../app/clock-input';
import { instantInZone, wallTimeOf } from '../webinar-time';

/*
 * The editor's fields (text, as typed) and the bodies the API takes: a new webinar whole, a saved
 * one by its changes only (an unchanged start that has passed since would be refused).
 */

const TEXT = IT_WEBINAR_BACKOFFICE.form;
const { shape } = webinarBodySchema;

export type WebinarFormValues = {
  title: string;
  storeId: string;
  /** The start's date ('YYYY-MM-DD') and time ('HH:MM' once written out), on the company's clock. */
  date: string;
  time: string;
  durationMinutes: string;
  capacity: string;
  description: string;
  presenterIds: string[];
};

/** A whole number as typed; anything else a value the contract refuses, so that its message (the bounds) shows. */
const numberOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const numberRule = <T extends z.ZodMiniType<unknown, number>>(schema: T) => z.pipe(z.pipe(z.string(), z.transform(numberOf)), schema);

/** Each field checked again as it is typed once shown wrong (useZodForm's rules). */
export const WEBINAR_FORM_RULES = {
  title: shape.title,
  durationMinutes: numberRule(shape.durationMinutes),
  capacity: numberRule(shape.capacity),
};

export function initialValues(webinar: Webinar | null, defaults: { storeId: string; presenterIds: string[] }, timeZone: string): WebinarFormValues {
  if (!webinar) {
    return {
      title: '',
      storeId: defaults.storeId,
      date: '',
      time: '',
      durationMinutes: '60',
      capacity: '',
      description: '',
      presenterIds: defaults.presenterIds,
    };
  }
  const { date, time } = wallTimeOf(webinar.startsAt, timeZone);
  return {
    title: webinar.title,
    storeId: webinar.store.id,
    date,
    time,
    durationMinutes: String(webinar.durationMinutes),
    capacity: String(webinar.capacity),
    description: webinar.description,
    presenterIds: webinar.presenters.map((presenter) => presenter.id),
  };
}

/** The start as the API takes it, or what is wrong with it and on which field. */
export type Start = { instant: string } | { field: 'date' | 'time'; message: string };

export function startOf({ date, time }: Pick<WebinarFormValues, 'date' | 'time'>, timeZone: string): Start {
  if (date === '') return { field: 'date', message: IT_WEBINARS.validation.startsAt };
  if (time.trim() === '') return { field: 'time', message: IT_WEBINARS.validation.startsAt };
  const clock = parseClock(time);
  // 24:00 ends a day; no webinar starts there.
  if (!clock || clock === '24:00') return { field: 'time', message: TEXT.timeInvalid };
  const instant = instantInZone(date, clock, timeZone);
  return instant ? { instant } : { field: 'time', message: TEXT.timeSkipped };
}

/** POST /api/webinar's body, before the contract checks it. */
export function newWebinarInput(values: WebinarFormValues, startsAt: string | undefined): Partial<Record<keyof WebinarBody, unknown>> {
  return {
    storeId: values.storeId,
    title: values.title,
    description: values.description,
    startsAt,
    durationMinutes: numberOf(values.durationMinutes),
    capacity: numberOf(values.capacity),
    presenterIds: values.presenterIds,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** POST /api/webinar/{id}'s body: the fields changed, before the contract checks them. Presenters only when `withPresenters` (an admin). */
export function changesOf(
  webinar: Webinar,
  values: WebinarFormValues,
  startsAt: string | undefined,
  withPresenters: boolean,
): Partial<Record<keyof WebinarUpdate, unknown>> {
  const changes: Partial<Record<keyof WebinarUpdate, unknown>> = {};
  if (values.title !== webinar.title) changes.title = values.title;
  if (values.description !== webinar.description) changes.description = values.description;
  if (startsAt === undefined || Date.parse(startsAt) !== Date.parse(webinar.startsAt)) changes.startsAt = startsAt;
  if (values.durationMinutes !== String(webinar.durationMinutes)) changes.durationMinutes = numberOf(values.durationMinutes);
  if (values.capacity !== String(webinar.capacity)) changes.capacity = numberOf(values.capacity);
  const presenterIds = webinar.presenters.map((presenter) => presenter.id);
  if (withPresenters && !sameSet(values.presenterIds, presenterIds)) changes.presenterIds = values.presenterIds;
  return changes;
}
