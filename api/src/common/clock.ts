/** Where "now" comes from; tests pass their own to walk through timeouts. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
