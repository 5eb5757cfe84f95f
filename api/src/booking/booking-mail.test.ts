import ICAL from 'ical.js';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { whenText } from '@incontra/contracts/messages/it-when';
import { customerMail, participantMail, staffMail, type AppointmentFacts } from './booking-mail';

const FACTS: AppointmentFacts = {
  id: '0b0c1f9e-5d1a-4a57-9d3c-2f0e6b7a8c9d',
  sequence: 1,
  startsAt: new Date('2026-10-26T09:30:00.000Z'),
  endsAt: new Date('2026-10-26T10:00:00.000Z'),
  timeZone: 'Europe/Rome',
  companyName: 'Demo',
  storeName: 'Milano Centro',
  storeAddress: 'Via Dante 12, 20121 Milano',
  roomName: 'Sala Consulenza',
  topicName: 'Consulenza prodotto',
  customer: { firstName: 'Lucia', lastName: 'Bianchi', email: 'lucia@example.it', phone: '+393331234567', notes: 'Portare lo scontrino' },
  origin: 'https://demo.example.com',
  joinToken: 'gettone-di-prova',
};
const OPTIONS = { manageToken: 'tok-en_1', organizerEmail: 'Incontra <no-reply@incontra.local>', stamp: new Date('2026-10-20T08:00:00.000Z') };
const JOIN = `https://demo.example.com/partecipa?appuntamento=${FACTS.id}`;
const MANAGE = `https://demo.example.com/prenotazione/${FACTS.id}?token=tok-en_1`;

describe('the booking e-mails', () => {
  it('write the time on the company clock, in Italian (the day after the clocks went back: 10:30 is 09:30Z)', () => {
    expect(whenText(FACTS.startsAt, 'Europe/Rome')).toBe('lunedì 26 ottobre 2026, 10:30');
    expect(whenText(new Date('2026-10-24T08:30:00.000Z'), 'Europe/Rome')).toBe('sabato 24 ottobre 2026, 10:30');
  });

  it('confirm a video call (what, day, time, length, time zone, with whom), the join and manage links, and the .ics', () => {
    const mail = customerMail(FACTS, 'confirmed', OPTIONS);
    expect(mail.to).toBe('lucia@example.it');
    expect(mail.subject).toBe('Appuntamento confermato: lunedì 26 ottobre 2026, 10:30 · Demo');
    // The visitor's «tu» from the greeting on.
    expect(mail.text).toContain('Ciao Lucia,\nil tuo appuntamento è confermato.');
    expect(mail.text).toContain(
      [
        'Argomento: Consulenza prodotto',
        'Videochiamata: lunedì 26 ottobre 2026, 10:30 · 30 minuti (fuso orario Europe/Rome)',
        'Con: Demo · Milano Centro',
      ].join('\n'),
    );
    // No address: it would read as a visit to the store.
    expect(mail.text).not.toContain('Via Dante');
    expect(mail.text).not.toContain('Dove:');
    expect(mail.text).toContain(`Per entrare nella videochiamata (il link si apre 15 minuti prima dell’inizio):\n${JOIN}`);
    expect(mail.text).toContain(`${IT_BOOKING.mail.manage}\n${MANAGE}`);
    const [attachment] = mail.attachments!;
    expect(attachment).toMatchObject({ filename: 'appuntamento.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(attachment!.content)).getFirstSubcomponent('vevent')!);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate()).toEqual(FACTS.startsAt);
    // The organizer is the sender's address alone (MAIL_FROM carries a display name).
    expect(event.component.getFirstPropertyValue('organizer')).toBe('mailto:no-reply@incontra.local');
    // The place is the way into the call, not the store's address.
    expect(event.location).toBe(`${JOIN}&token=gettone-di-prova`);
  });

  it('invite a participant in the same words, gender-neutral, with their own link', () => {
    const participant = { name: 'Sam Verdi', email: 'sam@example.it', joinUrl: 'https://demo.example.com/partecipa?appuntamento=x&partecipante=y&token=z' };
    const mail = participantMail(FACTS, participant, 'invited', OPTIONS);
    expect(mail.subject).toBe('Invito a una videochiamata: lunedì 26 ottobre 2026, 10:30 · Demo');
    expect(mail.text).toContain('Ciao Sam Verdi,\nhai un invito a partecipare a una videochiamata.');
    expect(mail.text).toContain('Videochiamata: lunedì 26 ottobre 2026, 10:30 · 30 minuti (fuso orario Europe/Rome)');
    expect(mail.text).toContain(`${IT_BOOKING.mail.participantJoin(15)}\n${participant.joinUrl}`);
    expect(mail.text).not.toContain('Via Dante');
    // A move's notice has no link at hand: the place still says what it is.
    const moved = participantMail(FACTS, { ...participant, joinUrl: null }, 'moved', OPTIONS);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(moved.attachments![0]!.content)).getFirstSubcomponent('vevent')!);
    expect(event.location).toBe('Videochiamata');
  });

  it('remind with the join link and cancel without it', () => {
    const reminder = customerMail(FACTS, 'reminderHour', { ...OPTIONS, manageToken: null });
    expect(reminder.subject).toBe('Promemoria: appuntamento lunedì 26 ottobre 2026, 10:30 · Demo');
    expect(reminder.text).toContain(IT_BOOKING.mail.reminderHourIntro);
    expect(reminder.text).toContain(JOIN);
    expect(reminder.text).not.toContain('/prenotazione/');
    const cancelled = customerMail(FACTS, 'cancelled', OPTIONS);
    expect(cancelled.text).not.toContain(JOIN);
    expect(cancelled.text).not.toContain(MANAGE);
    expect(cancelled.attachments![0]!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });

  it('tell the store’s staff who booked, how to reach them and what they wrote, the when in the customer’s words', () => {
    const mail = staffMail(FACTS, 'new', 'operatore@demo.incontra.local');
    expect(mail.subject).toBe('Nuova prenotazione: lunedì 26 ottobre 2026, 10:30 · Lucia Bianchi');
    expect(mail.text).toBe(
      [
        'Argomento: Consulenza prodotto',
        'Dove: Milano Centro, Via Dante 12, 20121 Milano · Sala Consulenza',
        'Quando: lunedì 26 ottobre 2026, 10:30 · 30 minuti (fuso orario Europe/Rome)',
        'Cliente: Lucia Bianchi',
        'Contatti: lucia@example.it · +393331234567',
        'Note: Portare lo scontrino',
      ].join('\n'),
    );
    expect(mail.attachments).toBeUndefined();
  });
});
