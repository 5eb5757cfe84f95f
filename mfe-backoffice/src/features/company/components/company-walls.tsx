import { NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { useCompanyConfig } from '../../../api/config/get-config';
import { QueryState } from '../../../app/management/query-state';
import { useConfirmLeave } from '../unsaved/unsaved-changes';
import { RichTextPanel } from './rich-text-panel';

const COMPANY_WALL = 'company';

/** «Bacheca»: the company's wall, or a store's, chosen in a list. */
export function CompanyWalls({ company }: { company: PublicCompany }) {
  const stores = useCompanyConfig();
  const [choice, setChoice] = useState(COMPANY_WALL);
  const confirmLeave = useConfirmLeave();
  return (
    <QueryState query={stores}>
      {({ stores: list }) => {
        const store = list.find((candidate) => candidate.id === choice);
        const options = [{ value: COMPANY_WALL, label: IT_COMPANY.fields.companyWall }, ...list.map(({ id, name }) => ({ value: id, label: name }))];
        return (
          <Stack gap="md">
            <NativeSelect
              label={IT_COMPANY.fields.wallTarget}
              data={options}
              value={store ? store.id : COMPANY_WALL}
              onChange={(event) => {
                const next = event.currentTarget.value;
                // Another wall replaces the editor: unsaved changes of this one are asked about first.
                confirmLeave(() => setChoice(next));
              }}
              maw={400}
            />
            {store ? (
              <RichTextPanel
                key={store.id}
                label={`${IT_COMPANY.fields.storeWall}: ${store.name}`}
                target={{ kind: 'store-wall', storeId: store.id }}
                initialHtml={store.wall}
                success={IT_COMPANY.saved.wall}
              />
            ) : (
              <RichTextPanel
                key={COMPANY_WALL}
                label={IT_COMPANY.fields.companyWall}
                target={{ kind: 'wall' }}
                initialHtml={company.wall}
                success={IT_COMPANY.saved.wall}
              />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
