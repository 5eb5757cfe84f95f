/** Bumped on every breaking change of MfeProps, an expose key or the route table. */
export const CONTRACT_VERSION = 1;
