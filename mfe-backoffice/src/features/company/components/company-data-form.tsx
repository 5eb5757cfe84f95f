import { Button, FileButton, Group, Image, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { companyUpdateBodySchema, isTimeZone } from '@incontra/contracts/api/company-management';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import { FormActions } from '../../../app/management/form-actions';
import { useUpdateCompany } from '../api/update-company';
import { uploadImage } from '../api/upload-image';

const rules = companyUpdateBodySchema.def.shape;

/** The IANA zones this browser knows, the company's own included (an alias such as "UTC" is not listed). */
function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** «Dati»: the company's name, time zone, welcome title and logo. */
export function CompanyDataForm({ company }: { company: PublicCompany }) {
  const update = useUpdateCompany(IT_COMPANY.saved.data);
  // The time zone and the logo are no text inputs and keep their own state; they are named in the
  // form so that the schema's and the API's refusals of them land on their fields.
  const form = useZodForm(
    { name: company.name, welcomeTitle: company.settings.welcomeTitle ?? '', timeZone: company.timeZone, logo: company.logo ?? '' },
    { rules: { name: rules.name, welcomeTitle: rules.welcomeTitle } },
  );
  const zones = useMemo(() => timeZoneOptions(company.timeZone), [company.timeZone]);
  const [timeZone, setTimeZone] = useState(company.timeZone);
  const [logo, setLogo] = useState<string | null>(company.logo);
  const upload = useMutation({ mutationFn: uploadImage, onSuccess: setLogo });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { name, welcomeTitle } = form.values;
    const body = form.check(companyUpdateBodySchema, { name, welcomeTitle, timeZone, logo });
    if (!body) return;
    update.mutate(body, { onError: form.showApiError });
  }

  const timeZoneError = form.errors.timeZone ?? (isTimeZone(timeZone) ? undefined : IT_COMPANY.validation.timeZone);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={560}>
        <TextInput {...form.field('name')} label={IT_COMPANY.fields.name} required onBlur={() => form.checkField('name')} />
        <Select
          label={IT_COMPANY.fields.timeZone}
          description={IT_COMPANY.fields.timeZoneHelp}
          data={zones}
          value={timeZone}
          onChange={(value) => value && setTimeZone(value)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={IT_MANAGEMENT.table.noResults}
          error={timeZoneError}
          required
        />
        <TextInput {...form.field('welcomeTitle')} label={IT_COMPANY.fields.welcomeTitle} description={IT_COMPANY.fields.welcomeTitleHelp} />
        <Input.Wrapper label={IT_COMPANY.fields.logo} labelElement="div" error={form.errors.logo}>
          <Stack gap="xs" mt={4}>
            {logo ? <Image src={logo} alt={IT_COMPANY.fields.logoAlt} h={64} w="auto" fit="contain" /> : <Text size="sm">{IT_COMPANY.fields.logoNone}</Text>}
            <Group gap="sm">
              <FileButton onChange={(file) => file && upload.mutate(file)} accept="image/png,image/jpeg,image/webp,image/gif">
                {(props) => (
                  <Button {...props} variant="light" loading={upload.isPending}>
                    {IT_COMPANY.fields.logoUpload}
                  </Button>
                )}
              </FileButton>
              {logo && (
                <Button variant="subtle" color="red" onClick={() => setLogo(null)}>
                  {IT_COMPANY.fields.logoRemove}
                </Button>
              )}
            </Group>
          </Stack>
        </Input.Wrapper>
        <FormAlert message={upload.error ? `${IT_COMPANY.image.uploadFailed} ${apiErrorMessage(upload.error)}` : null} />
        <FormActions pending={update.isPending} />
      </Stack>
    </form>
  );
}
