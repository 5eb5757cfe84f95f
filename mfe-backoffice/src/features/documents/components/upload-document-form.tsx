import { Button, FileInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { IT_DOCUMENTS_ADMIN } from '@incontra/contracts/messages/it-documents';
import { fieldErrorOf } from '@incontra/mfe-kit/api-error';
import { UPLOAD_ACCEPT, UPLOAD_EXTENSIONS_TEXT, UPLOAD_MAX_MEGABYTES, uploadProblem, type UploadProblemTexts } from '@incontra/mfe-kit/files/upload-checks';
import { useUploadDocument } from '../api/upload-document';

/** The refusals in the API's own words. */
const REFUSALS: UploadProblemTexts = {
  empty: IT_DOCUMENTS.fileEmpty,
  tooLarge: IT_DOCUMENTS.tooLarge(UPLOAD_MAX_MEGABYTES),
  typeRefused: IT_DOCUMENTS.typeNotAllowed,
};

/** Adds a file to the room's documents; what the API would refuse is said beside the picker first. */
export function UploadDocumentForm({ roomId }: { roomId: string }) {
  const upload = useUploadDocument(roomId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(chosen && uploadProblem(chosen, REFUSALS));
    upload.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = file ? uploadProblem(file, REFUSALS) : IT_DOCUMENTS.fileRequired;
    setProblem(found);
    if (found || !file) return;
    upload.mutate(file, { onSuccess: () => setFile(null) });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="upload-document-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="upload-document-title">
          {IT_DOCUMENTS_ADMIN.uploadTitle}
        </Title>
        <FileInput
          label={IT_DOCUMENTS_ADMIN.fileLabel}
          placeholder={IT_DOCUMENTS_ADMIN.filePlaceholder}
          description={IT_DOCUMENTS_ADMIN.uploadHint(UPLOAD_MAX_MEGABYTES, UPLOAD_EXTENSIONS_TEXT)}
          accept={UPLOAD_ACCEPT}
          value={file}
          onChange={choose}
          error={problem ?? fieldErrorOf(upload.error, 'file')}
          disabled={upload.isPending}
          clearable
          maw={520}
        />
        <Button type="submit" loading={upload.isPending} style={{ alignSelf: 'flex-start' }}>
          {IT_DOCUMENTS_ADMIN.upload}
        </Button>
        {upload.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {IT_DOCUMENTS_ADMIN.uploading}
          </Text>
        )}
      </Stack>
    </form>
  );
}
