import { NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { ACTIVITY_ENTITIES, type ActivityEntity } from '@incontra/contracts/api/activity';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { can } from '@incontra/contracts/permissions';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useRequiredUser } from '../../auth/hooks/use-required-user';
import { useActivity } from '../api/get-activity';
import { useKnownUsers } from '../hooks/use-known-users';
import { ActivityEntries } from './activity-entries';
import { ActivityRetentionSection } from './activity-retention';

const PAGE = IT_ACTIVITY.page;
const ENTITY_OPTIONS = [{ value: '', label: PAGE.all }, ...ACTIVITY_ENTITIES.map((entity) => ({ value: entity, label: IT_ACTIVITY.entities[entity] }))];

/**
 * Attività (admins): who changed what, newest first, by user and by kind of element, 50 at a time;
 * above it, how long the log keeps its entries.
 */
export function ActivityPage() {
  const user = useRequiredUser();
  const [userId, setUserId] = useState('');
  const [entityType, setEntityType] = useState<ActivityEntity | ''>('');
  const activity = useActivity({ userId: userId || undefined, entityType: entityType || undefined });
  const users = useKnownUsers(activity.data?.pages);

  return (
    <Stack gap="lg">
      <PageHeader title={IT_MANAGEMENT.nav.activity} description={PAGE.description} />
      {can(user.role, 'manageCompany') && <ActivityRetentionSection />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
        <NativeSelect
          label={PAGE.user}
          value={userId}
          onChange={(event) => setUserId(event.currentTarget.value)}
          data={[{ value: '', label: PAGE.all }, ...users.map((user) => ({ value: user.id, label: user.name }))]}
        />
        <NativeSelect
          label={PAGE.entity}
          value={entityType}
          onChange={(event) => setEntityType(event.currentTarget.value as ActivityEntity | '')}
          data={ENTITY_OPTIONS}
        />
      </SimpleGrid>
      {/* Once a page is shown, a failed "Carica altri" stays below the entries (ActivityEntries), not in their place. */}
      {activity.data ? (
        <ActivityEntries activity={activity} filtered={userId !== '' || entityType !== ''} />
      ) : (
        <QueryState query={activity}>{() => null}</QueryState>
      )}
    </Stack>
  );
}
