import { useCallback, useState } from 'react';

export const SOUND_STORAGE_KEY = 'incontra.liveQueue.sound';

function storedSoundOn(): boolean {
  try {
    return window.localStorage.getItem(SOUND_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Whether new requests chime (default yes), remembered in localStorage across visits. */
export function useSoundPreference() {
  const [soundOn, setSoundOn] = useState(storedSoundOn);
  const toggle = useCallback(() => {
    setSoundOn((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
      } catch {
        // Private mode without storage: the choice lasts for this page.
      }
      return next;
    });
  }, []);
  return { soundOn, toggle };
}
