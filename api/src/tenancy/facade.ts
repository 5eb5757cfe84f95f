/*
 * What other domains may read through tenancy, inside their own transaction: a domain calls
 * another's facade, never its repository (eslint.config.mjs).
 */
export { findCompanyIdByHost, roomExists } from './repository';
