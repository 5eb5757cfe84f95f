import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { ROUTES } from '@incontra/contracts/routes';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useStores } from '../../../api/stores/get-stores';
import { WebinarForm } from './webinar-form';

const TEXT = IT_WEBINAR_BACKOFFICE.form;

/** «Nuovo webinar» (at `${ROUTES.webinars}/nuovo`): the editor for one of the stores served; created, its page opens. */
export function NewWebinarPage() {
  const stores = useStores();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={ROUTES.webinars} size="sm">
        ← {IT_WEBINAR_BACKOFFICE.detail.back}
      </Anchor>
      <PageHeader title={TEXT.createTitle} description={TEXT.createDescription} />
      <QueryState query={stores}>
        {(rows) =>
          rows.length === 0 ? (
            <Text role="status">{TEXT.noStores}</Text>
          ) : (
            <WebinarForm
              webinar={null}
              stores={rows}
              onSaved={(created) => navigate(`${ROUTES.webinars}/${created.id}`)}
              onCancel={() => navigate(ROUTES.webinars)}
            />
          )
        }
      </QueryState>
    </Stack>
  );
}
