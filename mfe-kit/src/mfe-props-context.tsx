import { createContext, useContext, type ReactNode } from 'react';
import type { MfeProps } from '@incontra/contracts/mfe';

const MfePropsContext = createContext<MfeProps | null>(null);

export function MfePropsProvider({ value, children }: { value: MfeProps; children: ReactNode }) {
  return <MfePropsContext.Provider value={value}>{children}</MfePropsContext.Provider>;
}

/** The props the shell mounted this remote with (company, theme, notify, navigate, ...). */
export function useMfeProps(): MfeProps {
  const props = useContext(MfePropsContext);
  if (!props) throw new Error('useMfeProps must be used inside MfePropsProvider');
  return props;
}
