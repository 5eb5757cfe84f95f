import { useEffect, useState } from 'react';
import type { LocalMediaEvents, LocalMediaSnapshot } from '../../room/media/types';

/** What a view needs of the local media controller to follow its state. */
export interface MediaSnapshotSource {
  snapshot(): LocalMediaSnapshot;
  on(event: 'changed', listener: LocalMediaEvents['changed']): () => void;
}

/** The controller's latest snapshot, re-rendering on every change it announces. */
export function useMediaSnapshot(media: MediaSnapshotSource): LocalMediaSnapshot {
  const [snapshot, setSnapshot] = useState(() => media.snapshot());
  useEffect(() => {
    setSnapshot(media.snapshot());
    return media.on('changed', setSnapshot);
  }, [media]);
  return snapshot;
}
