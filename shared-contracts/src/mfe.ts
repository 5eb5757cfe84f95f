import type { QueryClient } from '@tanstack/query-core';
import * as z from 'zod/mini';
import type { DataLayerEvent } from './analytics';
import type { PublicCompany } from './api/company';
import type { StoreConfig, RoomTranslation } from './api/stores';
import { REMOTE_NAMES, type RemoteName } from './routes';

export type NotificationKind = 'info' | 'success' | 'error' | 'loading';

export interface Notification {
  kind: NotificationKind;
  message: string;
  title?: string;
}

/** Toasts, owned by the shell. `show` answers an id to update or hide later. */
export interface Notifier {
  show(notification: Notification): string;
  update(id: string, notification: Notification): void;
  hide(id: string): void;
}

export interface Analytics {
  push(event: DataLayerEvent): void;
}

/** The company's look, computed once by the shell and handed to every remote. */
export interface ShellTheme {
  primaryColor: string;
  radiusPx: number;
  logoUrl: string;
}

/** What the shell learnt from `?store=`: the store's rooms and the first room's translations. */
export interface StoreContext {
  store: StoreConfig | null;
  translations: RoomTranslation[];
}

/** Props every remote receives at mount. */
export interface MfeProps {
  contractVersion: number;
  company: PublicCompany;
  theme: ShellTheme;
  /** True when the path contains admin. */
  adminContext: boolean;
  storeContext: StoreContext;
  /** The shell's QueryClient: the signed-in user lives at queryKeys.me(company.id). */
  queryClient: QueryClient;
  notify: Notifier;
  navigate(path: string, options?: { replace?: boolean }): void;
  analytics: Analytics;
  /**
   * Fetches ahead the code of the remote serving `path`, and what that remote's `preload` names,
   * so that a later navigation there starts at once (e.g. the room while a visitor waits). Best
   * effort: it never throws, and the navigation loads as usual if it failed. Optional, so that a
   * remote also runs under a shell without it.
   */
  preload?(path: string): void;
}

/** What single-spa adds to custom props. */
export interface SingleSpaProps {
  name: string;
  singleSpa?: unknown;
  mountParcel?: unknown;
}

export type LifecycleFn = (props: MfeProps & SingleSpaProps) => Promise<unknown>;

/** The only module a remote exposes: `<remote>/lifecycles`. */
export interface MfeLifecycles {
  bootstrap: LifecycleFn | LifecycleFn[];
  mount: LifecycleFn | LifecycleFn[];
  unmount: LifecycleFn | LifecycleFn[];
  /** Optional: loads the parts the remote's pages fetch lazily; the shell's `preload` calls it. */
  preload?: () => Promise<unknown>;
}

export const LIFECYCLES_EXPOSE = './lifecycles';

/** The federation name of each remote (also the `<name>/lifecycles` request prefix). */
export const FEDERATION_NAMES: Record<RemoteName, string> = {
  visitor: 'incontra_visitor',
  room: 'incontra_room',
  backoffice: 'incontra_backoffice',
  billing: 'incontra_billing',
};

/** GET /remotes.json: where each remote's manifest lives. */
export const remotesManifestSchema = z.object({
  remotes: z.array(z.object({ name: z.enum(REMOTE_NAMES), entry: z.string().check(z.minLength(1)) })),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
