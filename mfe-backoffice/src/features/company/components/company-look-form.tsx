import { ColorInput, Input, SegmentedControl, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import type { PublicCompany } from '@incontra/contracts/api/company';
import {
  companyUpdateBodySchema,
  formatRatio,
  MIN_BUTTON_CONTRAST,
  primaryButtonContrast,
  primaryColorSchema,
} from '@incontra/contracts/api/company-management';
import { welcomeTitleOf } from '@incontra/contracts/first-paint';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { COMPANY_THEMES, type CompanyTheme } from '@incontra/contracts/theme';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useUpdateCompany } from '../api/update-company';
import { WelcomePreview } from './welcome-preview';
import { FormActions } from '../../../app/management/form-actions';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const THEME_OPTIONS = COMPANY_THEMES.map((theme) => ({ value: theme, label: IT_COMPANY.themes[theme] }));

/** «Aspetto»: the colour (its buttons' contrast checked as it is chosen), the style, and a preview. */
export function CompanyLookForm({ company }: { company: PublicCompany }) {
  const form = useZodForm({ primaryColor: company.primaryColor, theme: company.theme as string });
  const { primaryColor } = form.values;
  const theme = form.values.theme as CompanyTheme;
  const update = useUpdateCompany(IT_COMPANY.saved.look);

  const valid = HEX_COLOR.test(primaryColor);
  // A colour saved before the contrast rule (or seeded) is not held against a change of style: it
  // is only checked, and sent, once somebody changes it: then as it is chosen, and the API's
  // refusal of it (which a change of it clears).
  const colorChanged = primaryColor !== company.primaryColor;
  const colorError = colorChanged ? (primaryColorSchema.safeParse(primaryColor).error?.issues[0]?.message ?? form.errors.primaryColor) : undefined;
  const contrast = valid ? primaryButtonContrast(primaryColor) : null;
  const colorNote = contrast?.ok
    ? IT_COMPANY.contrastOk(formatRatio(contrast.ratio), IT_COMPANY.inkNames[contrast.ink])
    : !colorChanged && contrast
      ? IT_COMPANY.contrastLowKept(formatRatio(contrast.ratio), formatRatio(MIN_BUTTON_CONTRAST))
      : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(companyUpdateBodySchema, colorChanged ? { primaryColor, theme } : { theme });
    // Other refusals are toasts (useManagementMutation); the colour's goes under the colour.
    if (body) update.mutate(body, { onError: form.showApiError });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={560}>
        <ColorInput label={IT_COMPANY.fields.primaryColor} {...form.control('primaryColor')} format="hex" error={colorError} description={colorNote} required />
        <Input.Wrapper label={IT_COMPANY.fields.theme} labelElement="div">
          <SegmentedControl fullWidth data={THEME_OPTIONS} value={theme} onChange={form.control('theme').onChange} aria-label={IT_COMPANY.fields.theme} />
        </Input.Wrapper>
        {valid && <WelcomePreview title={welcomeTitleOf(company)} primaryColor={primaryColor} theme={theme} />}
        <FormActions pending={update.isPending} submitDisabled={colorError !== undefined} />
      </Stack>
    </form>
  );
}
