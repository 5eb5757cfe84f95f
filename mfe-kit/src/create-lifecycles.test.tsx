import { act, screen } from '@testing-library/react';
import { IT } from '@incontra/contracts/messages/it';
import type { MfeProps } from '@incontra/contracts/mfe';
import { createLifecycles } from './create-lifecycles';
import { buildMfeProps } from './testing/build-mfe-props';

function Greeting({ company, adminContext }: MfeProps) {
  return <h1>{`${company.name} ${adminContext ? 'staff' : 'visitors'}`}</h1>;
}

function Broken(): never {
  throw new Error('render failed');
}

/**
 * Runs a lifecycle the way single-spa does, under act: its promise settles only after React has
 * committed, so the render is flushed first and the promise awaited after.
 */
async function run(lifecycle: () => Promise<unknown>) {
  let settled: Promise<unknown> = Promise.resolve();
  act(() => {
    settled = lifecycle();
  });
  await act(async () => {
    await settled;
  });
}

const containerOf = (name: string) => document.getElementById(`single-spa-application:${name}`);

describe('createLifecycles', () => {
  it('mounts the root component with the shell props in its own container and unmounts it', async () => {
    const lifecycles = createLifecycles(Greeting);
    const props = { ...buildMfeProps({ adminContext: true }), name: 'incontra_backoffice' };

    await run(() => lifecycles.bootstrap(props));
    await run(() => lifecycles.mount(props));
    expect(screen.getByRole('heading', { name: 'Demo staff' })).toBeInTheDocument();
    expect(containerOf('incontra_backoffice')).toContainElement(screen.getByRole('heading'));

    await run(() => lifecycles.unmount(props));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(containerOf('incontra_backoffice')).toBeEmptyDOMElement();
  });

  it('leaves the Italian error notice in place of a remote that throws while rendering', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const lifecycles = createLifecycles(Broken);
    const props = { ...buildMfeProps(), name: 'incontra_visitor' };

    await run(() => lifecycles.mount(props));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(IT.shell.errorHeading);
    expect(alert).toHaveTextContent(IT.shell.errorText);
    expect(containerOf('incontra_visitor')).toContainElement(alert);

    await run(() => lifecycles.unmount(props));
    consoleError.mockRestore();
  });
});
