import { useLayoutEffect, useRef } from 'react';
import { APPS_ROOT_ID, remoteContainerId, type RemoteName } from '@incontra/contracts/routes';

/**
 * The place in the back office's layout where another remote's page shows (the subscription, see
 * FRAMES): the shell mounts that remote into its container; this moves the container here, or
 * makes it here when the shell has not yet (the shell then finds it by its id). Whichever mounts
 * first, the page ends up inside the layout. Leaving, the container goes back to the shell's apps
 * area, so that the other remote's own unmount finds it intact.
 */
export function FramedRemote({ remote }: { remote: RemoteName }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const here = slot.current;
    if (!here) return;
    const id = remoteContainerId(remote);
    let container = document.getElementById(id);
    if (!container) {
      container = document.createElement('div');
      container.id = id;
      container.dataset.remote = remote;
    }
    here.appendChild(container);
    return () => {
      (document.getElementById(APPS_ROOT_ID) ?? document.body).appendChild(container);
    };
  }, [remote]);
  return <div ref={slot} data-frame-for={remote} />;
}
