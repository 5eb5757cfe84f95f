import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_MAX_PIXELS } from '@incontra/contracts/api/company-management';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { HttpError } from '../../http/http-error';
import { imageSize, sniffImageType, type ImageType } from './image-header';

/** The parser's limits: one file, one byte over the largest accepted (so that "over" is seen). */
export const IMAGE_MULTIPART_LIMITS = { files: 1, fileSize: EDITOR_IMAGE_MAX_BYTES + 1, fields: 2, fieldSize: 1024, parts: 4, headerPairs: 50 };

const required = () => new HttpError(400, IT_COMPANY.image.required, 'image');
const tooLarge = () => new HttpError(413, IT_COMPANY.image.tooLarge(EDITOR_IMAGE_MAX_BYTES / (1024 * 1024)), 'image');

export interface ReceivedImage {
  content: Buffer;
  type: ImageType;
}

/**
 * The image of POST /api/editor/upload-image (field `image`), judged by its content alone: its
 * magic bytes give the type (the name and declared type are ignored), its header the size, which
 * must stay within EDITOR_IMAGE_MAX_PIXELS. Read whole into memory: it is 5 MB at most.
 */
export async function receiveImage(request: FastifyRequest): Promise<ReceivedImage> {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') throw new HttpError(415, IT_COMPANY.image.encoding);
  if (!request.isMultipart()) throw required();
  let content: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'image' && content === null) {
        content = await readFile(part);
      } else if (part.type === 'file') {
        part.file.resume();
      }
    }
  } catch (error) {
    throw parserError(error);
  }
  if (!content || content.length === 0) throw required();
  return checkImage(content);
}

async function readFile(part: MultipartFile): Promise<Buffer> {
  const content = await part.toBuffer();
  if (content.length > EDITOR_IMAGE_MAX_BYTES) throw tooLarge();
  return content;
}

export function checkImage(content: Buffer): ReceivedImage {
  const type = sniffImageType(content);
  if (!type) throw new HttpError(415, IT_COMPANY.image.type, 'image');
  const size = imageSize(type, content);
  if (!size) throw new HttpError(400, IT_COMPANY.image.unreadable, 'image');
  if (size.width * size.height > EDITOR_IMAGE_MAX_PIXELS) {
    throw new HttpError(400, IT_COMPANY.image.tooManyPixels(EDITOR_IMAGE_MAX_PIXELS / 1_000_000), 'image');
  }
  return { content, type };
}

/** The multipart parser's failures as the client errors they are (its limits keep their reasons). */
function parserError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new HttpError(400, IT_COMPANY.image.oneOnly, 'image');
    default:
      return new HttpError(400, IT_COMPANY.image.formInvalid, 'image');
  }
}
