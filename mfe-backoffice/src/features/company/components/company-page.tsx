import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useCompanyDetails } from '../api/get-company';
import { UnsavedChangesProvider, useConfirmLeave } from '../unsaved/unsaved-changes';
import { CompanyBookingForm } from './company-booking-form';
import { CompanyDataForm } from './company-data-form';
import { CompanyLookForm } from './company-look-form';
import { CompanyWalls } from './company-walls';
import { RichTextPanel } from './rich-text-panel';

/**
 * «Azienda» (admins): data, look, privacy, terms, walls and booking rules, one tab each. A tab
 * shown alone (the editors are heavy): leaving one whose text has unsaved changes asks first.
 */
export function CompanyPage() {
  return (
    <UnsavedChangesProvider>
      <CompanyTabs />
    </UnsavedChangesProvider>
  );
}

function CompanyTabs() {
  const details = useCompanyDetails();
  const [tab, setTab] = useState<string | null>('data');
  const confirmLeave = useConfirmLeave();
  return (
    <>
      <PageHeader title={IT_COMPANY.title} description={IT_COMPANY.description} />
      <QueryState query={details}>
        {(company) => (
          <Tabs value={tab} onChange={(next) => confirmLeave(() => setTab(next))} keepMounted={false}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="data">{IT_COMPANY.tabs.data}</Tabs.Tab>
              <Tabs.Tab value="look">{IT_COMPANY.tabs.look}</Tabs.Tab>
              <Tabs.Tab value="privacy">{IT_COMPANY.tabs.privacy}</Tabs.Tab>
              <Tabs.Tab value="terms">{IT_COMPANY.tabs.terms}</Tabs.Tab>
              <Tabs.Tab value="wall">{IT_COMPANY.tabs.wall}</Tabs.Tab>
              <Tabs.Tab value="booking">{IT_COMPANY.tabs.booking}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="data">
              <CompanyDataForm company={company} />
            </Tabs.Panel>
            <Tabs.Panel value="look">
              <CompanyLookForm company={company} />
            </Tabs.Panel>
            <Tabs.Panel value="privacy">
              <RichTextPanel
                label={IT_COMPANY.fields.privacyPolicy}
                target={{ kind: 'privacy' }}
                initialHtml={company.privacyPolicy}
                success={IT_COMPANY.saved.privacy}
              />
            </Tabs.Panel>
            <Tabs.Panel value="terms">
              <RichTextPanel label={IT_COMPANY.fields.tosPolicy} target={{ kind: 'tos' }} initialHtml={company.tosPolicy} success={IT_COMPANY.saved.terms} />
            </Tabs.Panel>
            <Tabs.Panel value="wall">
              <CompanyWalls company={company} />
            </Tabs.Panel>
            <Tabs.Panel value="booking">
              <CompanyBookingForm company={company} />
            </Tabs.Panel>
          </Tabs>
        )}
      </QueryState>
    </>
  );
}
