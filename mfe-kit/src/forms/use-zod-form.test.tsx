import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT } from '@incontra/contracts/messages/it';
import { useZodForm } from './use-zod-form';

const bodySchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Scrivi la tua email.')),
  code: z.string().check(z.regex(/^\d{6}$/, 'Il codice ha 6 cifre.')),
});

const refusal = (status: number, message: string, field?: string) =>
  new ApiRequestError(status, { statusCode: status, error: 'x', message, ...(field ? { field } : {}) });

interface TestFormProps {
  /** What the API answers to a send, when it refuses. */
  refuseWith?: unknown;
  withRules?: boolean;
  onValuesChange?(values: { email: string; code: string }): void;
  onSend?(body: z.infer<typeof bodySchema>): void;
}

/** A form as the remotes write them: fields from `field`, the body checked by `check`, the API's refusal through `showApiError`/`formError`. */
function TestForm({ refuseWith, withRules = false, onValuesChange, onSend }: TestFormProps) {
  const form = useZodForm({ email: '', code: '' }, { aliases: { otp: 'code' }, rules: withRules ? bodySchema.shape : undefined, onValuesChange });
  const [failure, setFailure] = useState<unknown>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(bodySchema, form.values);
    if (!body) return;
    onSend?.(body);
    if (refuseWith) {
      setFailure(refuseWith);
      form.showApiError(refuseWith);
    }
  };
  const alert = form.formError(failure);
  return (
    <form onSubmit={submit} noValidate>
      {(['email', 'code'] as const).map((name) => {
        const { error, ...input } = form.field(name);
        return (
          <p key={name}>
            <label htmlFor={name}>{name}</label>
            <input id={name} {...input} onBlur={() => form.checkField(name)} aria-invalid={Boolean(error)} aria-describedby={`${name}-error`} />
            <span id={`${name}-error`}>{error}</span>
          </p>
        );
      })}
      {alert && <p role="alert">{alert}</p>}
      <button type="submit">Invia</button>
    </form>
  );
}

const errorOf = (name: string) => document.getElementById(`${name}-error`)?.textContent;

describe('useZodForm', () => {
  it('puts the schema messages under their fields and sends nothing', async () => {
    const onSend = jest.fn();
    render(<TestForm onSend={onSend} />);
    await userEvent.type(screen.getByLabelText('code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(errorOf('email')).toBe('Scrivi la tua email.');
    expect(errorOf('code')).toBe('Il codice ha 6 cifre.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the parsed body once the fields will do', async () => {
    const onSend = jest.fn();
    render(<TestForm onSend={onSend} />);
    await userEvent.type(screen.getByLabelText('email'), '  a@b.it ');
    await userEvent.type(screen.getByLabelText('code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(onSend).toHaveBeenCalledWith({ email: 'a@b.it', code: '123456' });
    expect(errorOf('email')).toBe('');
  });

  it('puts a refusal naming a field (through its alias) under that field, not above the form', async () => {
    render(<TestForm refuseWith={refusal(422, 'Codice errato.', 'otp')} />);
    await userEvent.type(screen.getByLabelText('email'), 'a@b.it');
    await userEvent.type(screen.getByLabelText('code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(errorOf('code')).toBe('Codice errato.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a refusal about no field', refusal(429, 'Troppe richieste, riprova tra poco.'), 'Troppe richieste, riprova tra poco.'],
    ['a refusal naming a field the form has not', refusal(409, 'Account sospeso.', 'tenant'), 'Account sospeso.'],
    ['no answer at all', new ApiRequestError(0, null), IT.errors.network],
  ])('shows %s above the fields', async (_case, error, message) => {
    render(<TestForm refuseWith={error} />);
    await userEvent.type(screen.getByLabelText('email'), 'a@b.it');
    await userEvent.type(screen.getByLabelText('code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(errorOf('code')).toBe('');
  });

  it('without rules, typing clears a field message', async () => {
    render(<TestForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(errorOf('code')).toBe('Il codice ha 6 cifre.');
    await userEvent.type(screen.getByLabelText('code'), '1');
    expect(errorOf('code')).toBe('');
  });

  it('with rules, checks a field on blur and again as it is typed once wrong', async () => {
    render(<TestForm withRules />);
    await userEvent.type(screen.getByLabelText('code'), '12');
    expect(errorOf('code')).toBe('');
    await userEvent.tab();
    expect(errorOf('code')).toBe('Il codice ha 6 cifre.');
    await userEvent.type(screen.getByLabelText('code'), '345');
    expect(errorOf('code')).toBe('Il codice ha 6 cifre.');
    await userEvent.type(screen.getByLabelText('code'), '6');
    expect(errorOf('code')).toBe('');
  });

  it('reports every change of the values', async () => {
    const onValuesChange = jest.fn();
    render(<TestForm onValuesChange={onValuesChange} />);
    await userEvent.type(screen.getByLabelText('email'), 'ab');
    expect(onValuesChange).toHaveBeenLastCalledWith({ email: 'ab', code: '' });
  });

  it('holds a select, a checkbox, a list of choices and a colour, checked by the same schema, a refusal under its field', async () => {
    const prefsSchema = z.object({
      role: z.enum(['operator', 'admin'], 'Scegli un ruolo.'),
      stores: z.array(z.string()).check(z.minLength(1, 'Scegli almeno un punto vendita.')),
      closed: z.boolean(),
      color: z.string().check(z.regex(/^#[0-9a-f]{6}$/, 'Scrivi un colore #rrggbb.')),
    });
    const sent = jest.fn();
    function PrefsForm() {
      const form = useZodForm({ role: '', stores: [] as string[], closed: false, color: '#112233' }, { rules: { color: prefsSchema.shape.color } });
      const stores = form.control('stores');
      const color = form.control('color');
      const { error: roleError, ...role } = form.field('role');
      const { error: _closedError, ...closed } = form.checkbox('closed');
      const submit = (event: FormEvent) => {
        event.preventDefault();
        const body = form.check(prefsSchema, form.values);
        if (body) {
          sent(body);
          form.showApiError(refusal(409, 'Punto vendita eliminato.', 'stores'));
        }
      };
      return (
        <form onSubmit={submit} noValidate>
          <label htmlFor="role">ruolo</label>
          <select id="role" {...role}>
            <option value="">—</option>
            <option value="admin">admin</option>
          </select>
          <span id="role-error">{roleError}</span>
          <label>
            <input type="checkbox" {...closed} /> chiuso
          </label>
          {['milano', 'roma'].map((store) => (
            <label key={store}>
              <input
                type="checkbox"
                checked={stores.value.includes(store)}
                onChange={(event) => stores.onChange(event.currentTarget.checked ? [...stores.value, store] : stores.value.filter((each) => each !== store))}
              />
              {store}
            </label>
          ))}
          <span id="stores-error">{stores.error}</span>
          <label htmlFor="color">colore</label>
          <input id="color" value={color.value} onChange={(event) => color.onChange(event.currentTarget.value)} onBlur={() => form.checkField('color')} />
          <span id="color-error">{color.error}</span>
          <button type="submit">Invia</button>
        </form>
      );
    }
    render(<PrefsForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(errorOf('role')).toBe('Scegli un ruolo.');
    expect(errorOf('stores')).toBe('Scegli almeno un punto vendita.');
    expect(sent).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText('ruolo'), 'admin');
    expect(errorOf('role')).toBe('');
    await userEvent.click(screen.getByRole('checkbox', { name: 'roma' }));
    expect(errorOf('stores')).toBe('');
    await userEvent.click(screen.getByRole('checkbox', { name: 'chiuso' }));
    await userEvent.clear(screen.getByLabelText('colore'));
    await userEvent.type(screen.getByLabelText('colore'), '#12');
    await userEvent.tab();
    expect(errorOf('color')).toBe('Scrivi un colore #rrggbb.');
    await userEvent.type(screen.getByLabelText('colore'), '3456');
    expect(errorOf('color')).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(sent).toHaveBeenCalledWith({ role: 'admin', stores: ['roma'], closed: true, color: '#123456' });
    expect(errorOf('stores')).toBe('Punto vendita eliminato.');
  });
});
