/*
 * The flood bounds' defaults, plain values that import nothing: the environment's schema reads
 * them without loading the modules that apply them (those pull in the database schema).
 */

/** The per-store breaker against booking floods (BOOKING_BREAKER_* variables; applied by booking/breaker.ts). */
export interface BookingBreakerConfig {
  /** Customer bookings of one store in one window that trip the breaker. */
  bookingsPerWindow: number;
  windowMs: number;
  /** How long, once tripped, new customer bookings wait for their e-mail confirmation. */
  holdMs: number;
}

/** The defaults: more than 20 customer bookings of one store in 10 minutes turn e-mail confirmation on for an hour. */
export const DEFAULT_BOOKING_BREAKER: BookingBreakerConfig = { bookingsPerWindow: 20, windowMs: 10 * 60_000, holdMs: 60 * 60_000 };

/** How many e-mails staff actions may send (MAIL_STAFF_* and MAIL_COMPANY_STAFF_* variables; applied by mail/staff-mail-limits.ts). */
export interface StaffMailLimits {
  perStaffHour: number;
  perStaffDay: number;
  /** All the company's staff together. */
  perCompanyHour: number;
  perCompanyDay: number;
}

export const DEFAULT_STAFF_MAIL_LIMITS: StaffMailLimits = { perStaffHour: 100, perStaffDay: 300, perCompanyHour: 300, perCompanyDay: 1000 };
