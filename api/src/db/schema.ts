/**
 * The database schema, one file per domain under schema/; drizzle-kit reads this file
 * (drizzle.config.ts) and the application imports its tables from here.
 */
export * from './schema/tenancy';
export * from './schema/staff';
export * from './schema/billing';
export * from './schema/mail';
export * from './schema/video-room';
export * from './schema/uploads';
export * from './schema/booking';
export * from './schema/lobby';
export * from './schema/backoffice';
export * from './schema/payments';
export * from './schema/customer-payments';
export * from './schema/pos';
export * from './schema/webinars';
