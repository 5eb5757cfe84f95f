import { DateTime } from 'luxon';
import { listRequestOf } from '@incontra/contracts/api/list-page';
import { POS_CSV_ROWS_MAX, POS_DAILY_TOTALS_MAX, type PosList, type PosListQuery } from '@incontra/contracts/api/pos';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import type { StaffContext } from '../auth/authenticate';
import type { Clock } from '../common/clock';
import type { Database } from '../db/database';
import { dateIn, endOfDate, startOfDate } from '../scheduling/zoned-time';
import { csvFile } from './csv';
import { dailyTotals, listPaymentsForExport, listPaymentsPage, type PaymentFilters, type PaymentRow } from './repository';
import { staffView } from './views';

export interface PosListDeps {
  db: Database;
  clock: Clock;
}

/** A CSV export: the file's name and its text. */
export interface PosExport {
  fileName: string;
  body: string;
}

/**
 * The staff's lists of requests, of the stores they serve: a page with the daily totals, or every
 * matching request as CSV. `from`/`to` are days of the company's zone: a request is in them by the
 * day it was made, and a total counts what was paid on each day.
 */
export class PosLists {
  constructor(private readonly deps: PosListDeps) {}

  async page(staff: StaffContext, query: PosListQuery): Promise<PosList> {
    const companyId = staff.company.id;
    const filters = this.filtersOf(staff, query);
    const request = listRequestOf(query);
    const { page, totals } = await this.deps.db.withTenant(companyId, async (tx) => ({
      page: await listPaymentsPage(tx, companyId, filters, request),
      totals: await dailyTotals(tx, companyId, filters, staff.company.timeZone, POS_DAILY_TOTALS_MAX),
    }));
    return {
      items: page.rows.map((row) => staffView(row, staff.origin, filters.now, null)),
      total: page.total,
      page: request.page,
      pageSize: request.pageSize,
      dailyTotals: totals,
    };
  }

  /** Every matching request, newest first, up to POS_CSV_ROWS_MAX (a last line says when more were left out). */
  async csv(staff: StaffContext, query: PosListQuery): Promise<PosExport> {
    const companyId = staff.company.id;
    const filters = this.filtersOf(staff, query);
    const rows = await this.deps.db.withTenant(companyId, (tx) => listPaymentsForExport(tx, companyId, filters, POS_CSV_ROWS_MAX + 1));
    const zone = staff.company.timeZone;
    const lines = rows.slice(0, POS_CSV_ROWS_MAX).map((row) => csvLine(row, zone));
    if (rows.length > POS_CSV_ROWS_MAX) lines.push([IT_POS.csv.truncated(POS_CSV_ROWS_MAX)]);
    return { fileName: IT_POS.csv.fileName(dateIn(zone, filters.now)), body: csvFile(IT_POS.csv.columns, lines) };
  }

  private filtersOf(staff: StaffContext, query: PosListQuery): PaymentFilters {
    const zone = staff.company.timeZone;
    return {
      staffUserId: staff.user.id,
      storeId: query.storeId,
      status: query.status,
      createdFrom: query.from ? startOfDate(query.from, zone) : undefined,
      createdBefore: query.to ? endOfDate(query.to, zone) : undefined,
      q: query.q ?? '',
      now: this.deps.clock(),
    };
  }
}

/** An instant as the export writes it, on the company's clock: 28/11/2026 15:30. */
function when(at: Date | null, zone: string): string {
  return at ? DateTime.fromJSDate(at).setZone(zone).toFormat('dd/MM/yyyy HH:mm') : '';
}

/** Cents as the spreadsheet reads a number in Italian: 1234,56 (no thousands mark, no symbol). */
function euros(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

function csvLine(row: PaymentRow, zone: string): string[] {
  return [
    when(row.createdAt, zone),
    row.storeName,
    row.description,
    euros(row.amount),
    IT_POS.csv.statuses[row.status],
    when(row.paidAt, zone),
    when(row.cancelledAt, zone),
    when(row.expiresAt, zone),
    row.email ?? '',
    row.phone ?? '',
    row.createdByName ?? '',
    row.last4 ?? '',
  ];
}
