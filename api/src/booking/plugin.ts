import fp from 'fastify-plugin';
import { PubSubAgendaNotifier } from '../lobby-realtime/agenda-changes';
import { PeriodicTask, runWhileOpen } from '../scheduling/periodic-task';
import { ParticipantService } from './participants';
import { REMINDER_SWEEP_INTERVAL_MS, ReminderSweeper, sweepBookings } from './reminders';
import { bookingRoutes } from './routes';
import { BookingService } from './service';
import { StaffBookingService } from './staff-service';

export interface BookingPluginOptions {
  /** The reminders' sweep period; null: no timer (tests sweep by hand). REMINDER_SWEEP_INTERVAL_MS otherwise. */
  reminderIntervalMs?: number | null;
  /**
   * The paid appointments' sweep period (ended holds released, their payments cancelled, refunds
   * finished); null: no timer. The reminders' period when not given (null in tests: swept by hand).
   */
  holdSweepIntervalMs?: number | null;
}

/**
 * Plugin `booking`: the customer's booking, the staff's agenda and invited participants, built
 * from the core's decorations; owns its background work, the reminders' sweep (every process
 * sweeps; each reminder is claimed once, see reminders.ts), started when the app is ready and
 * stopped when it closes.
 */
export const bookingPlugin = fp<BookingPluginOptions>(
  async (app, { reminderIntervalMs = REMINDER_SWEEP_INTERVAL_MS, holdSweepIntervalMs = reminderIntervalMs }) => {
    const { db, mailer, clock, cache, config } = app;
    // A store's reservations changed: its agendas open on any process read them again.
    const agenda = new PubSubAgendaNotifier(app);
    const booking = new BookingService({
      db,
      mailer,
      clock,
      cache,
      agenda,
      breakerConfig: config.bookingBreaker,
      payments: app.customerPayments,
      log: app.log,
    });
    // What the payment port learns of an appointment's payment: applied by re-reading it (settle), never trusting the event.
    app.customerPaymentEvents.on('appointment', (event) => booking.settlePayment(event.ref.companyId, event.reference));
    await app.register(bookingRoutes, {
      booking,
      staffBooking: new StaffBookingService({ db, booking, clock, agenda }),
      participants: new ParticipantService({ db, mailer, clock, agenda }),
      authenticate: app.authenticate,
      tenancy: app.tenancy,
      limits: config.rateLimits,
      publicUrl: config.publicUrl,
    });
    runWhileOpen(app, new ReminderSweeper({ run: () => sweepBookings({ db, mailer, clock }), intervalMs: reminderIntervalMs, log: app.log }));
    runWhileOpen(
      app,
      new PeriodicTask({
        run: () => booking.sweepPaidAppointments(),
        intervalMs: holdSweepIntervalMs,
        log: app.log,
        failure: 'paid appointments sweep failed',
      }),
    );
  },
  { name: 'booking', dependencies: ['core', 'mail', 'tenancy', 'auth', 'payments'] },
);
