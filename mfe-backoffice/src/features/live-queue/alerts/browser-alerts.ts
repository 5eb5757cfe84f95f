import type { NotificationAccess, RequestAlerts } from './request-alerts';

/** Two short rising tones: generated, so there is no sound file to download. */
const CHIME = [
  { frequency: 880, start: 0, duration: 0.12 },
  { frequency: 1320, start: 0.15, duration: 0.18 },
] as const;
const CHIME_VOLUME = 0.2;

function playTones(context: AudioContext): void {
  const now = context.currentTime;
  for (const tone of CHIME) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = tone.frequency;
    // A quick attack and an exponential fade: no click at either end.
    gain.gain.setValueAtTime(0.0001, now + tone.start);
    gain.gain.exponentialRampToValueAtTime(CHIME_VOLUME, now + tone.start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.start + tone.duration);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + tone.start);
    oscillator.stop(now + tone.start + tone.duration + 0.02);
  }
}

/** The real thing: Web Audio for the chime, the Notification API for the system notification. */
export function createBrowserAlerts(): RequestAlerts {
  let context: AudioContext | null = null;
  const supported = () => typeof Notification !== 'undefined';
  return {
    playChime() {
      if (typeof AudioContext === 'undefined') return;
      try {
        // One context for the page's life: browsers limit how many may exist.
        context ??= new AudioContext();
        const audio = context;
        // Created before any click, a context starts suspended; resuming works once the page was used.
        if (audio.state === 'suspended')
          void audio.resume().then(
            () => playTones(audio),
            () => undefined,
          );
        else playTones(audio);
      } catch {
        // No sound is better than a broken queue.
      }
    },
    notificationAccess: () => (supported() ? Notification.permission : 'unsupported'),
    async requestNotificationAccess(): Promise<NotificationAccess> {
      if (!supported()) return 'unsupported';
      return Notification.requestPermission();
    },
    showNotification(title, body, tag) {
      if (!supported() || Notification.permission !== 'granted') return;
      try {
        const notification = new Notification(title, { body, tag });
        notification.onclick = () => {
          window.focus();
          notification.close();
        };
      } catch {
        // Some browsers only allow notifications from a service worker: the chime still sounds.
      }
    },
    pageHidden: () => document.hidden,
  };
}
