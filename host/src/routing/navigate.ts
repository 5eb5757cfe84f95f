import { navigateToUrl } from 'single-spa';

/**
 * MfeProps.navigate. A push goes through single-spa; a replace rewrites the current history entry
 * and announces it with a popstate event, which single-spa and every remote's router listen to.
 */
export function navigate(path: string, options?: { replace?: boolean }): void {
  if (!options?.replace) {
    navigateToUrl(path);
    return;
  }
  const before = window.location.href;
  let announced = false;
  const noteAnnouncement = () => {
    announced = true;
  };
  // single-spa's patched replaceState announces a changed URL itself (synchronously): announce it
  // here only when nothing else did, so the routers see one event, not two.
  window.addEventListener('popstate', noteAnnouncement);
  try {
    window.history.replaceState(window.history.state, '', path);
  } finally {
    window.removeEventListener('popstate', noteAnnouncement);
  }
  if (!announced && before !== window.location.href) {
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }
}
