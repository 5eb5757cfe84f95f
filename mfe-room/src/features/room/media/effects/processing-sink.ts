import type { LocalVideoTrack } from 'twilio-video';

/**
 * twilio-video runs a track's processor only while the track is attached to an element or
 * published: before the room is entered, or when nothing on screen shows the camera, the
 * processed track would stay still. The sink is a muted video element off-screen (not
 * display:none, which browsers may stop rendering) that keeps the camera attached while an effect
 * is on.
 */
export class ProcessingSink {
  private element: HTMLVideoElement | null = null;
  private attached: LocalVideoTrack | null = null;

  attach(track: LocalVideoTrack): void {
    if (this.attached === track) return;
    this.detach();
    track.attach(this.ensureElement());
    this.attached = track;
  }

  detach(): void {
    if (this.attached && this.element) this.attached.detach(this.element);
    this.attached = null;
  }

  dispose(): void {
    this.detach();
    this.element?.remove();
    this.element = null;
  }

  private ensureElement(): HTMLVideoElement {
    if (this.element) return this.element;
    const element = document.createElement('video');
    element.muted = true;
    element.autoplay = true;
    element.playsInline = true;
    element.setAttribute('aria-hidden', 'true');
    element.dataset.role = 'processing-sink';
    Object.assign(element.style, { position: 'fixed', left: '-10000px', top: '0', width: '2px', height: '2px', pointerEvents: 'none' });
    document.body.append(element);
    this.element = element;
    return element;
  }
}
