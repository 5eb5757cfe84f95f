import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { RoomTranslation } from '@incontra/contracts/api/stores';
import { TRANSLATION_CATALOGUE, TRANSLATION_KEYS, type TranslationLanguage } from '@incontra/contracts/api/translations';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_TRANSLATIONS } from '@incontra/contracts/messages/it-translations';
import { ConfirmDeleteButton } from '../../../app/management/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../app/management/data-table';
import { EntityModal } from '../../../app/management/entity-modal';
import { QueryState } from '../../../app/management/query-state';
import { useRoomTranslations } from '../api/get-room-translations';
import { useResetTranslation } from '../api/save-translation';
import { TranslationForm, type TranslationRow } from './translation-form';

const PAGE = IT_TRANSLATIONS.page;

/** The catalogue's keys, each with the room's own text in the language, if it has one. */
function rowsOf(translations: readonly RoomTranslation[], language: TranslationLanguage): TranslationRow[] {
  return TRANSLATION_KEYS.map((key) => ({
    key,
    ...TRANSLATION_CATALOGUE[key],
    label: translations.find((row) => row.key === key && row.language === language)?.label ?? null,
  }));
}

interface RoomTranslationsTableProps {
  roomId: string;
  roomName: string;
  language: TranslationLanguage;
}

export function RoomTranslationsTable({ roomId, roomName, language }: RoomTranslationsTableProps) {
  const translations = useRoomTranslations(roomId);
  const reset = useResetTranslation(roomId);
  const [editing, setEditing] = useState<TranslationRow | null>(null);

  const columns: DataTableColumn<TranslationRow>[] = [
    { key: 'description', header: PAGE.key, sortValue: (row) => row.description },
    { key: 'defaultText', header: PAGE.defaultText },
    {
      key: 'label',
      header: PAGE.label,
      render: (row) =>
        row.label ?? (
          <Text span c="dimmed" fs="italic">
            {PAGE.usesDefault}
          </Text>
        ),
    },
    {
      key: 'actions',
      header: IT_MANAGEMENT.table.actions,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button variant="light" size="xs" onClick={() => setEditing(row)} aria-label={PAGE.edit(row.description)}>
            {IT_MANAGEMENT.form.edit}
          </Button>
          {row.label !== null && (
            <ConfirmDeleteButton
              name={PAGE.resetConfirm(row.description)}
              label={PAGE.reset}
              onConfirm={() => reset.mutateAsync({ roomId, language, key: row.key })}
            />
          )}
        </Group>
      ),
    },
  ];

  return (
    <QueryState query={translations}>
      {(list) => (
        <>
          <DataTable
            caption={PAGE.caption(roomName, IT_TRANSLATIONS.languages[language])}
            rows={rowsOf(list, language)}
            rowKey={(row) => row.key}
            columns={columns}
            searchText={(row) => `${row.description} ${row.defaultText} ${row.label ?? ''}`}
            pageSize={50}
          />
          <EntityModal opened={editing !== null} onClose={() => setEditing(null)} title={editing ? PAGE.editTitle(editing.description) : ''}>
            {editing && <TranslationForm key={editing.key} row={editing} roomId={roomId} language={language} onDone={() => setEditing(null)} />}
          </EntityModal>
        </>
      )}
    </QueryState>
  );
}
