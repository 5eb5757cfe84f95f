import { remotePublicPath } from './assets-path';

export interface BackgroundImage {
  id: string;
  /** Italian, for the picker. */
  label: string;
  url: string;
}

/** The images in mfe-room/public/backgrounds/, copied beside the remote's build. */
const BUNDLED = [
  { id: 'studio', label: 'Studio', file: 'studio.png' },
  { id: 'sunset', label: 'Tramonto', file: 'sunset.png' },
  { id: 'sea', label: 'Mare', file: 'sea.png' },
] as const;

/** The bundled virtual backgrounds, with URLs under the remote's own public path. */
export function bundledBackgroundImages(): BackgroundImage[] {
  const base = remotePublicPath();
  return BUNDLED.map(({ id, label, file }) => ({ id, label, url: `${base}backgrounds/${file}` }));
}

/** Image types a user may upload as a background (what every browser decodes). */
export const BACKGROUND_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function isBackgroundUpload(file: Pick<File, 'type'>): boolean {
  return (BACKGROUND_UPLOAD_TYPES as readonly string[]).includes(file.type);
}
