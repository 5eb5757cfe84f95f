import type { TenantWorld } from './probe-world';

/**
 * Everything of a tenant that another tenant's answers must never contain: ids, names, e-mails,
 * codes and tokens (usernames such as `admin` are shared by design and left out).
 */
export function secretsOf(world: TenantWorld): string[] {
  const names = world.users.flatMap((user) => [user.firstName, user.lastName, user.email, user.id]);
  const secrets = [
    world.companyId,
    world.companyName,
    ...world.stores.flatMap((store) => [store.id, store.name]),
    ...world.rooms.flatMap((room) => [room.id, room.name]),
    ...names,
    world.document.id,
    world.document.name,
    world.spareDocumentId,
    world.visitor.id,
    world.visitor.token,
    world.visitorName,
    world.queuedRequestId,
    world.guest.visitor.id,
    world.guest.visitor.token,
    world.guest.join.identity,
    world.guest.join.uploadToken,
    world.invitationCode,
    world.reservation.id,
    world.reservation.customerName,
    world.reservation.customerEmail,
  ];
  // Short words (a first name of three letters) would match by chance.
  return [...new Set(secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4))];
}

/** The secrets an answer shows that the request itself did not carry (an echo is no leak). */
export function leakedSecrets(secrets: readonly string[], sent: string, answer: string): string[] {
  return secrets.filter((secret) => answer.includes(secret) && !sent.includes(secret));
}
