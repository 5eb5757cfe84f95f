import type { DataLayerEvent } from '@incontra/contracts/analytics';
import type { Analytics } from '@incontra/contracts/mfe';

export type DataLayerWindow = Window & { dataLayer?: DataLayerEvent[] };

/**
 * The analytics data layer is the page's `window.dataLayer` array (what tag managers read).
 * It is looked up at every push: a tag manager may replace the array or its push.
 */
export function createAnalytics(win: DataLayerWindow): Analytics {
  return {
    push(event) {
      win.dataLayer ??= [];
      win.dataLayer.push(event);
    },
  };
}
