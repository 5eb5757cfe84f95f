import { ErrorReporting, shouldReport } from './error-reporting';
import type { ErrorReporter } from './error-reporter';

const context = { statusCode: 500, pathname: '/api/x', method: 'GET', requestId: 'r1' };

describe('error reporting rule', () => {
  it('reports only server errors that have a pathname', () => {
    expect(shouldReport(500, '/api/x')).toBe(true);
    expect(shouldReport(503, '/')).toBe(true);
    expect(shouldReport(499, '/api/x')).toBe(false);
    expect(shouldReport(404, '/api/x')).toBe(false);
    expect(shouldReport(500, '')).toBe(false);
    expect(shouldReport(500, undefined)).toBe(false);
  });

  it('waits for the flush at most the flush timeout', async () => {
    const captured: unknown[] = [];
    const stuck: ErrorReporter = { capture: (error) => captured.push(error), flush: () => new Promise(() => undefined) };
    const started = Date.now();
    await expect(new ErrorReporting(stuck, 50).report(new Error('x'), context)).resolves.toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(captured).toHaveLength(1);
  });

  it('does not call the reporter below 500', async () => {
    const capture = jest.fn();
    await expect(new ErrorReporting({ capture, flush: async () => true }).report(new Error('x'), { ...context, statusCode: 404 })).resolves.toBe(false);
    expect(capture).not.toHaveBeenCalled();
  });
});
