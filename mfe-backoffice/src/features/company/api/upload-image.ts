import { uploadedImageSchema } from '@incontra/contracts/api/company-management';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/editor/upload-image: answers the image's public address. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  return (await apiRequest('/api/editor/upload-image', { method: 'POST', body: form, schema: uploadedImageSchema })).url;
}
