import { Alert, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@incontra/contracts/api/translations';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_TRANSLATIONS } from '@incontra/contracts/messages/it-translations';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useStores } from '../../../api/stores/get-stores';
import { useStoreConfig } from '../../../api/config/get-config';
import { RoomTranslationsTable } from './room-translations-table';

const PAGE = IT_TRANSLATIONS.page;
const LANGUAGE_OPTIONS = TRANSLATION_LANGUAGES.map((language) => ({ value: language, label: IT_TRANSLATIONS.languages[language] }));

/** Traduzioni: pick a store, one of its rooms and a language, then word that room's texts. */
export function TranslationsPage() {
  const stores = useStores();
  return (
    <Stack gap="lg">
      <PageHeader title={IT_MANAGEMENT.nav.translations} description={PAGE.description} />
      <QueryState query={stores}>
        {(list) => (list.length === 0 ? <Alert color="gray">{PAGE.noStores}</Alert> : <TranslationTarget stores={list} />)}
      </QueryState>
    </Stack>
  );
}

/** A single store is chosen for you; so is a store's single room. The language stays as the room changes. */
function TranslationTarget({ stores }: { stores: ManagedStore[] }) {
  const [chosenStore, setStoreId] = useState<string | null>(null);
  const [language, setLanguage] = useState<TranslationLanguage>('it');
  const storeId = chosenStore ?? (stores.length === 1 ? stores[0]!.id : null);
  const languageSelect = (
    <NativeSelect
      label={PAGE.language}
      value={language}
      onChange={(event) => setLanguage(event.currentTarget.value as TranslationLanguage)}
      data={LANGUAGE_OPTIONS}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} maw={960}>
      <NativeSelect
        label={PAGE.store}
        value={storeId ?? ''}
        onChange={(event) => setStoreId(event.currentTarget.value || null)}
        data={[{ value: '', label: PAGE.chooseStore, disabled: true }, ...stores.map((store) => ({ value: store.id, label: store.name }))]}
      />
      {storeId ? (
        <RoomTarget key={storeId} storeId={storeId} language={language} languageSelect={languageSelect} />
      ) : (
        <>
          {languageSelect}
          <FullWidth>
            <Text c="dimmed">{PAGE.chooseStore}</Text>
          </FullWidth>
        </>
      )}
    </SimpleGrid>
  );
}

function RoomTarget({ storeId, language, languageSelect }: { storeId: string; language: TranslationLanguage; languageSelect: ReactNode }) {
  const store = useStoreConfig(storeId);
  const [chosenRoom, setRoomId] = useState<string | null>(null);
  return (
    <QueryState query={store}>
      {({ rooms }) => {
        if (rooms.length === 0) return <Alert color="gray">{PAGE.noRooms}</Alert>;
        const room = rooms.find((candidate) => candidate.id === chosenRoom) ?? (rooms.length === 1 ? rooms[0] : undefined);
        return (
          <>
            <NativeSelect
              label={PAGE.room}
              value={room?.id ?? ''}
              onChange={(event) => setRoomId(event.currentTarget.value || null)}
              data={[{ value: '', label: PAGE.chooseRoom, disabled: true }, ...rooms.map((candidate) => ({ value: candidate.id, label: candidate.name }))]}
            />
            {languageSelect}
            <FullWidth>
              {room ? (
                <RoomTranslationsTable key={room.id} roomId={room.id} roomName={room.name} language={language} />
              ) : (
                <Text c="dimmed">{PAGE.chooseRoom}</Text>
              )}
            </FullWidth>
          </>
        );
      }}
    </QueryState>
  );
}

function FullWidth({ children }: { children: ReactNode }) {
  return <div style={{ gridColumn: '1 / -1', minWidth: 0 }}>{children}</div>;
}
