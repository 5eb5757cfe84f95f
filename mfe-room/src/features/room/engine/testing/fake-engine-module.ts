import type { createEngine } from '../create-engine';
import { FakeEngine } from './fake-engine';

/** The engines the page under test created, in order; a test file empties it after each test. */
export const createdEngines: FakeEngine[] = [];

/**
 * For `jest.mock('…/engine/create-engine', …)` in tests that render whole pages: every engine the
 * page asks for is a FakeEngine, kept in `createdEngines`. Called inside the mock factory, which
 * reaches this module through `jest.requireActual`.
 */
export function fakeEngineModule(): { createEngine: typeof createEngine } {
  return {
    createEngine: async () => {
      const engine = new FakeEngine();
      createdEngines.push(engine);
      return engine;
    },
  };
}
