import { Alert, Anchor, Button, Checkbox, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { webinarRegistrationBodySchema, type WebinarRegistrationBody } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { privacyLinkOf } from '@incontra/contracts/visitor-texts';
import { fieldNamedBy } from '@incontra/mfe-kit/api-error';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useFocusOnChange } from '../../booking/hooks/use-focus-on-change';
import { registrationKey } from '../api/get-registration';
import { webinarsKey } from '../api/get-store-webinars';
import { registerForWebinar } from '../api/register-for-webinar';
import { registrationPagePath } from '../api/registration-calls';

const T = IT_WEBINAR_PAGES.form;
const { shape } = webinarRegistrationBodySchema;
/** The form's fields in the order they are shown: the first one wrong takes the focus. */
const FIELDS = ['firstName', 'lastName', 'email', 'privacyConsent'] as const;
const EMPTY = { firstName: '', lastName: '', email: '', privacyConsent: false };

/**
 * Who registers (checked with the contract's rules, in Italian) and the privacy consent. A refusal
 * naming a field (a 400, or the 409 of an address already registered, which the API names
 * `email`) lands under it and takes the focus; any other (closed, full) is said above the fields,
 * and takes the focus too. Registered, the visitor goes on to the personal page the e-mail also
 * links to.
 */
export function RegistrationForm({ webinarId }: { webinarId: string }) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useZodForm(EMPTY, { rules: { firstName: shape.firstName, lastName: shape.lastName, email: shape.email } });
  const formRef = useRef<HTMLFormElement>(null);
  // Always a new tab, whatever the link says: leaving this page would lose the form.
  const privacy = privacyLinkOf(company, window.location.pathname);

  const focusField = (name: string) => (formRef.current?.elements.namedItem(name) as HTMLElement | null)?.focus();

  const register = useMutation({
    mutationFn: (body: WebinarRegistrationBody) => registerForWebinar(webinarId, body),
    onSuccess: ({ registration, token }) => {
      const credentials = { id: registration.id, token };
      queryClient.setQueryData(registrationKey(company.id, credentials), registration);
      // A seat fewer: the webinar's page and the store's list read it again when next shown.
      void queryClient.invalidateQueries({ queryKey: webinarsKey(company.id), refetchType: 'none' });
      navigate(registrationPagePath(credentials));
    },
    onError: (error) => {
      form.showApiError(error);
      const field = fieldNamedBy(error, (name) => ((FIELDS as readonly string[]).includes(name) ? name : null));
      if (field) focusField(field);
    },
    retry: false,
  });
  const alert = form.formError(register.error);
  // Above the fields, out of sight on a phone once the button is pressed: it takes the focus.
  const alertRef = useFocusOnChange<HTMLDivElement>(alert ? register.error : null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(webinarRegistrationBodySchema, form.values);
    if (!body) {
      const result = webinarRegistrationBodySchema.safeParse(form.values);
      const issues = result.success ? [] : result.error.issues;
      const first = FIELDS.find((name) => issues.some((issue) => issue.path[0] === name));
      if (first) focusField(first);
      return;
    }
    register.mutate(body);
  }

  const consent = form.checkbox('privacyConsent');
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="webinar-registration-form">
      <Stack gap="md">
        {alert && (
          <Alert ref={alertRef} tabIndex={-1} color="red" role="alert" data-testid="webinar-registration-refused">
            {alert}
          </Alert>
        )}
        <TextInput label={T.firstName} {...form.field('firstName')} autoComplete="given-name" required withAsterisk={false} size="md" />
        <TextInput label={T.lastName} {...form.field('lastName')} autoComplete="family-name" required withAsterisk={false} size="md" />
        <TextInput label={T.email} type="email" {...form.field('email')} autoComplete="email" inputMode="email" required withAsterisk={false} size="md" />
        <Checkbox
          {...consent}
          required
          size="md"
          label={
            <>
              {T.consentBefore}
              <Anchor href={privacy.href} target="_blank" rel="noopener">
                {T.consentLink}
                <VisuallyHidden>{` ${T.opensInNewTab}`}</VisuallyHidden>
              </Anchor>
            </>
          }
        />
        <Button type="submit" size="md" loading={register.isPending}>
          {T.submit}
        </Button>
      </Stack>
    </form>
  );
}
