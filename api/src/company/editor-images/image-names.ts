import { EDITOR_IMAGE_PATH } from '@incontra/contracts/api/company-management';
import { IMAGE_EXTENSIONS, type ImageType } from './image-header';

/*
 * An uploaded image's public name is its storage key (two random hex characters, a slash, thirty
 * more) without the slash, plus the extension of its sniffed type. Only names of exactly that
 * shape are turned back into keys: nothing else a visitor types ever reaches the store.
 */
const NAME = /^([0-9a-f]{2})([0-9a-f]{30})\.(png|jpg|webp|gif)$/;
const KEY = /^([0-9a-f]{2})\/([0-9a-f]{30})$/;

export function imageUrlOf(key: string, type: ImageType): string {
  const match = KEY.exec(key);
  if (!match) throw new Error(`Unexpected upload key shape: ${JSON.stringify(key)}`);
  return `${EDITOR_IMAGE_PATH}${match[1]}${match[2]}.${IMAGE_EXTENSIONS[type]}`;
}

/** The storage key and extension of a public name, or null when it is not one of ours. */
export function parseImageName(name: string): { key: string; extension: string } | null {
  const match = NAME.exec(name);
  return match ? { key: `${match[1]}/${match[2]}`, extension: match[3]! } : null;
}
