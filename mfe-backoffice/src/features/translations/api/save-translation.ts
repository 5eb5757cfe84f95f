import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { roomTranslationSchema, type RoomTranslation } from '@incontra/contracts/api/stores';
import type { TranslationKey, TranslationLanguage } from '@incontra/contracts/api/translations';
import { apiRequest } from '@incontra/contracts/http';
import { IT_TRANSLATIONS } from '@incontra/contracts/messages/it-translations';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { translationKeys } from './translation-keys';

export interface TranslationTarget {
  roomId: string;
  language: TranslationLanguage;
  key: TranslationKey;
}

const path = ({ roomId, language }: Pick<TranslationTarget, 'roomId' | 'language'>) =>
  `/api/room/${encodeURIComponent(roomId)}/translations/${encodeURIComponent(language)}`;

/** POST /api/room/{id}/translations/{lang}: the room's own text for a key. */
export function saveTranslation({ label, ...target }: TranslationTarget & { label: string }): Promise<RoomTranslation> {
  return apiRequest(path(target), { method: 'POST', body: { key: target.key, label }, schema: roomTranslationSchema });
}

/** DELETE /api/room/{id}/translations/{lang}/{key}: back to the default text. */
export function resetTranslation(target: TranslationTarget): Promise<Ok> {
  return apiRequest(`${path(target)}/${encodeURIComponent(target.key)}`, { method: 'DELETE', schema: okSchema });
}

export function useSaveTranslation(roomId: string) {
  const { company } = useMfeProps();
  return useManagementMutation({ mutationFn: saveTranslation, invalidate: [translationKeys.room(company.id, roomId)], success: IT_TRANSLATIONS.page.saved });
}

/** A failure stays in the confirmation dialog (ConfirmDeleteButton), not in a toast too. */
export function useResetTranslation(roomId: string) {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: resetTranslation,
    invalidate: [translationKeys.room(company.id, roomId)],
    success: IT_TRANSLATIONS.page.resetDone,
    notifyErrors: false,
  });
}
