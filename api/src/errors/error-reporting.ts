import { ERROR_REPORT_FLUSH_MS } from '@incontra/contracts/constants';
import type { ErrorReporter, ServerErrorContext } from './error-reporter';

/** The spec's rule: only server errors (>= 500) that have a pathname are reported. */
export function shouldReport(statusCode: number, pathname: string | undefined): boolean {
  return statusCode >= 500 && Boolean(pathname);
}

function waitAtMost(ms: number): Promise<false> {
  return new Promise((resolve) => setTimeout(() => resolve(false), ms).unref());
}

export class ErrorReporting {
  constructor(
    private readonly reporter: ErrorReporter,
    private readonly flushTimeoutMs: number = ERROR_REPORT_FLUSH_MS,
  ) {}

  /** Reports when the rule says so, then waits for the flush for at most the flush timeout. */
  async report(error: unknown, context: ServerErrorContext): Promise<boolean> {
    if (!shouldReport(context.statusCode, context.pathname)) return false;
    this.reporter.capture(error, context);
    await Promise.race([this.reporter.flush().catch(() => false), waitAtMost(this.flushTimeoutMs)]);
    return true;
  }
}
