import { looksLikeToken, newToken, sameToken, tokenHash } from '../auth/tokens';

/**
 * A visitor's credential for its own request: 32 random bytes (base64url) handed out once, kept
 * only as SHA-256 hex in join_requests.visitor_token_hash, so a leaked table opens no request.
 */
export interface VisitorCredential {
  token: string;
  hash: string;
}

export function newVisitorCredential(): VisitorCredential {
  const token = newToken();
  return { token, hash: tokenHash(token) };
}

/** Constant-time comparison of a presented token with the stored hash; garbage never matches. */
export function visitorTokenMatches(storedHash: string, presented: string | null | undefined): boolean {
  if (!looksLikeToken(presented)) return false;
  return sameToken(storedHash, tokenHash(presented));
}
