import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { WEBINAR_JOIN_EARLY_MINUTES, type Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { ROUTES } from '@incontra/contracts/routes';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useRequiredUser } from '../../auth/hooks/use-required-user';
import { useWebinar } from '../api/get-webinar';
import { DetailSection } from './detail-section';
import { PresenterJoin } from './presenter-join';
import { PublicLink } from './public-link';
import { RegistrationsSection } from './registrations-section';
import { ReplaySection } from './replay-section';
import { WebinarFacts } from './webinar-facts';
import { WebinarForm } from './webinar-form';
import { WebinarStatusActions } from './webinar-status-actions';
import { WebinarStatusBadge } from './webinar-status-badge';

const TEXT = IT_WEBINAR_BACKOFFICE.detail;

const HINTS: Record<Webinar['status'], string> = {
  draft: TEXT.hints.draft,
  published: TEXT.hints.published(WEBINAR_JOIN_EARLY_MINUTES),
  live: TEXT.hints.live,
  ended: TEXT.hints.ended,
  cancelled: TEXT.hints.cancelled,
};

/** One webinar (at `${ROUTES.webinars}/:id`): its status and moves, the presenter's entry, the editor (or what it was), its registrations. */
export function WebinarPage() {
  const { id = '' } = useParams();
  const webinar = useWebinar(id);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={ROUTES.webinars} size="sm">
        ← {TEXT.back}
      </Anchor>
      <QueryState query={webinar}>{(data) => <WebinarDetail webinar={data} />}</QueryState>
    </Stack>
  );
}

function WebinarDetail({ webinar }: { webinar: Webinar }) {
  const user = useRequiredUser();
  const editable = webinar.status === 'draft' || webinar.status === 'published';
  const presents = webinar.presenters.some((presenter) => presenter.id === user.id) && (webinar.status === 'published' || webinar.status === 'live');
  return (
    <>
      <PageHeader title={webinar.title} description={webinar.store.name} />
      <DetailSection title={TEXT.statusTitle}>
        <Group gap="sm" wrap="wrap">
          <WebinarStatusBadge status={webinar.status} />
          <Text size="sm">{HINTS[webinar.status]}</Text>
        </Group>
        <WebinarStatusActions webinar={webinar} />
        <PublicLink webinar={webinar} />
      </DetailSection>
      {presents && (
        <DetailSection title={IT_WEBINAR_BACKOFFICE.presenter.title}>
          <PresenterJoin webinarId={webinar.id} />
        </DetailSection>
      )}
      <DetailSection title={TEXT.detailsTitle}>
        {editable ? (
          <WebinarForm key={webinar.id} webinar={webinar} stores={[]} onSaved={() => undefined} />
        ) : (
          <>
            <Text c="dimmed">{IT_WEBINARS.rules.notEditable}</Text>
            <WebinarFacts webinar={webinar} />
          </>
        )}
      </DetailSection>
      <ReplaySection webinar={webinar} />
      <RegistrationsSection webinar={webinar} />
    </>
  );
}
