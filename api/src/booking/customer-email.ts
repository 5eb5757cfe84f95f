/**
 * The address as the per-customer cap counts it: lower case, the local part without a "+tag" and
 * without dots. Many mail services deliver `mario.rossi+1@`, `m.ario.rossi@` and `mariorossi@` to
 * one mailbox; merging them over every domain may, rarely, let two people share one cap of
 * appointments, which costs less than letting one person take a shop's week.
 */
export function customerEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at).split('+')[0]!.replaceAll('.', '');
  const domain = lower.slice(at + 1) === 'googlemail.com' ? 'gmail.com' : lower.slice(at + 1);
  return `${local}@${domain}`;
}
