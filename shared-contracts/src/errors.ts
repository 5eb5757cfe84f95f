/** The error catalogue of the spec (section 8): exact texts, one place. */
export const ERRORS = {
  requiredUser: 'Required user',
  companyIsNull: 'Company is null',
  companyNotFound: 'Company not found',
  subscriptionNotFound: 'Subscription non found',
  screenSharingNotSupported: 'Screen sharing not supported',
  roomNotInitialized: 'Room not initialized',
  localDataTrackNotInitialized: 'LocalDataTrack not initialized',
  processorAlreadyAdded: 'A VideoProcessor has already been added.',
  offscreenCanvasNotSupported: 'OffscreenCanvas is not supported by this browser.',
} as const;

export function cannotTransition(from: string, to: string): string {
  return `Cannot transition from ${from} to ${to}`;
}
