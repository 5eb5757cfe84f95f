import { render, renderHook, screen } from '@testing-library/react';
import { MfePropsProvider, useMfeProps } from './mfe-props-context';
import { buildMfeProps } from './testing/build-mfe-props';

function CompanyName() {
  return <p>{useMfeProps().company.name}</p>;
}

describe('mfe props context', () => {
  it('gives features the props the shell mounted the remote with', () => {
    const props = buildMfeProps();
    render(
      <MfePropsProvider value={props}>
        <CompanyName />
      </MfePropsProvider>,
    );
    expect(screen.getByText('Demo')).toBeInTheDocument();
  });

  it('refuses to answer outside the provider instead of handing out undefined props', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useMfeProps())).toThrow('useMfeProps must be used inside MfePropsProvider');
    consoleError.mockRestore();
  });
});
