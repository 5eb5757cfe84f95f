import type { FastifyRequest } from 'fastify';
import type { StaffContext } from '../../auth/authenticate';
import type { Clock } from '../../common/clock';
import type { Database } from '../../db/database';
import { checkUploadLimits, type UploadLimits } from '../../documents/upload-limits';
import { lockCompanyStorage } from '../../uploads/storage-usage';
import type { UploadStore } from '../../uploads/upload-store';
import { imageUrlOf } from './image-names';
import { receiveImage } from './receive-image';
import * as repository from './repository';

export interface EditorImageUpload {
  db: Database;
  uploads: UploadStore;
  clock: Clock;
  limits: UploadLimits;
}

/**
 * POST /api/editor/upload-image, under the same limits as the rooms' files (one upload rate per
 * uploader, one quota per company), in the same order: the limits are checked before the image is
 * read (an uploader over the rate, a full quota: refused before any byte), the image is checked and
 * stored, then, under the company's upload lock, the limits are checked again with its size and
 * its row written, so parallel uploads on every route count one after the other. A refused image's
 * stored content is removed. Answers the image's public address.
 */
export async function uploadEditorImage(deps: EditorImageUpload, staff: StaffContext, request: FastifyRequest): Promise<string> {
  const { db, uploads, clock, limits } = deps;
  const companyId = staff.company.id;
  const uploaderId = staff.user.id;
  const attempt = (bytes: number) => ({ companyId, roomId: null, uploadedBy: uploaderId, bytes, now: clock(), field: 'image' });
  await db.withTenant(companyId, (tx) => checkUploadLimits(tx, limits, attempt(1)));
  const image = await receiveImage(request);
  const key = await uploads.put(image.content);
  try {
    await db.withTenant(companyId, async (tx) => {
      await lockCompanyStorage(tx, companyId);
      const checked = attempt(image.content.length);
      await checkUploadLimits(tx, limits, checked);
      await repository.insertEditorImage(tx, {
        storageKey: key,
        companyId,
        mimeType: image.type,
        size: image.content.length,
        uploadedBy: uploaderId,
        createdAt: checked.now,
      });
    });
  } catch (error) {
    await uploads.remove(key);
    throw error;
  }
  return imageUrlOf(key, image.type);
}
