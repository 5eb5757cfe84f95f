import { contentMatches } from '../../documents/file-checks';

/*
 * An image's type and size read from its header, without decoding a pixel: what the pixel-flood
 * guard needs before anybody (a browser, an image library) is asked to decode it.
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
const IMAGE_TYPES = Object.keys(IMAGE_EXTENSIONS) as ImageType[];

export interface ImageSize {
  width: number;
  height: number;
}

/** The image type the content's magic bytes say, whatever its name or declared type; null if none. */
export function sniffImageType(content: Buffer): ImageType | null {
  return IMAGE_TYPES.find((type) => contentMatches(type, content)) ?? null;
}

/** The size the header announces, or null when it cannot be read (cut short, malformed, zero). */
export function imageSize(type: ImageType, content: Buffer): ImageSize | null {
  const size = READERS[type](content);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

const READERS: Record<ImageType, (content: Buffer) => ImageSize | null> = {
  'image/png': pngSize,
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
  'image/gif': gifSize,
};

/** The first chunk after the 8-byte signature must be IHDR: width and height, 32 bits big-endian. */
export function pngSize(content: Buffer): ImageSize | null {
  if (content.length < 24 || content.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: content.readUInt32BE(16), height: content.readUInt32BE(20) };
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic…); C4, C8 and CC are not.
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
// Markers that stand alone, without a length: TEM, RST0–7, SOI.
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
const START_OF_SCAN = 0xda;

/** Walks the segments up to the first start-of-frame (before the scan): its height and width. */
export function jpegSize(content: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 1 < content.length) {
    if (content[offset] !== 0xff) return null;
    const marker = content[offset + 1]!;
    if (marker === 0xff) {
      // Fill bytes before a marker.
      offset += 1;
      continue;
    }
    if (isStandalone(marker)) {
      offset += 2;
      continue;
    }
    if (marker === START_OF_SCAN || offset + 4 > content.length) return null;
    const length = content.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (SOF_MARKERS.has(marker)) {
      if (offset + 9 > content.length) return null;
      // A height of 0 is announced later, by a DNL segment after the scan: not read, refused.
      return { height: content.readUInt16BE(offset + 5), width: content.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** RIFF….WEBP then a VP8 (lossy), VP8L (lossless) or VP8X (extended: the canvas) chunk. */
export function webpSize(content: Buffer): ImageSize | null {
  if (content.length < 30) return null;
  const chunk = content.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height (2 bits of scale).
    if (content[23] !== 0x9d || content[24] !== 0x01 || content[25] !== 0x2a) return null;
    return { width: content.readUInt16LE(26) & 0x3fff, height: content.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (content[20] !== 0x2f) return null;
    const bits = content.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: content.readUIntLE(24, 3) + 1, height: content.readUIntLE(27, 3) + 1 };
  }
  return null;
}

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;

/**
 * The logical screen, grown to hold every frame: a frame may be placed or sized beyond the
 * screen, and decoders allocate for it. Walks the blocks without decompressing any.
 */
export function gifSize(content: Buffer): ImageSize | null {
  if (content.length < 13) return null;
  let width = content.readUInt16LE(6);
  let height = content.readUInt16LE(8);
  let offset = 13 + colorTableLength(content[10]!);
  while (offset < content.length) {
    const block = content[offset]!;
    if (block === GIF_TRAILER) break;
    if (block === GIF_EXTENSION) {
      offset = skipSubBlocks(content, offset + 2);
    } else if (block === GIF_IMAGE) {
      if (offset + 10 > content.length) return null;
      width = Math.max(width, content.readUInt16LE(offset + 1) + content.readUInt16LE(offset + 5));
      height = Math.max(height, content.readUInt16LE(offset + 3) + content.readUInt16LE(offset + 7));
      // Descriptor (10 bytes), local colour table, LZW code size (1 byte), then the data.
      offset = skipSubBlocks(content, offset + 10 + colorTableLength(content[offset + 9]!) + 1);
    } else {
      return null;
    }
    if (offset < 0) return null;
  }
  return { width, height };
}

/** A packed field's colour table: present when the high bit is set, 3 × 2^(n+1) bytes. */
const colorTableLength = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** The offset after a chain of sub-blocks (size byte, data; a size of 0 ends it), or -1 if cut short. */
function skipSubBlocks(content: Buffer, start: number): number {
  let offset = start;
  while (offset < content.length) {
    const size = content[offset]!;
    offset += 1 + size;
    if (size === 0) return offset;
  }
  return -1;
}
