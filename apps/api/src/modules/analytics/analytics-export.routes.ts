import {
  ANALYTICS_ANSWERS,
  ANALYTICS_CALLS,
  type TAnalyticsCall,
  ZAnalyticsQuery,
} from '@ats/contracts/analytics';
import {
  ANALYTICS_CALL_TITLES,
  analyticsFileName,
  analyticsTables,
  type AnalyticsTable,
  type TAnalyticsAnswer,
} from '@ats/contracts/analytics-tables';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../platform/content-disposition.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type Sheet, workbookStream, XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { runReport } from './analytics.service.ts';

/** A table of the screen as a sheet of the file: the same caption, headers and numbers. */
export function sheetOfTable(table: AnalyticsTable): Sheet {
  return {
    name: table.caption,
    columns: table.columns.map((column) => ({
      header: column.header,
      width: column.kind === 'text' ? 36 : Math.min(30, Math.max(12, column.header.length + 2)),
    })),
    rows: table.rows.map((row) => row.map((cell) => cell.value)),
  };
}

/**
 * GET /api/analytics/<call>/export for each of the 15 calls: the report the call answers, computed
 * by the same function under the same rules (watchers refused, ids of the account only, the same
 * query and its Russian errors), as an .xlsx of the tables the screen shows.
 */
export function registerAnalyticsExportRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const call of Object.keys(ANALYTICS_CALLS) as TAnalyticsCall[]) {
    r.get(
      `/api/analytics/${call}/export`,
      {
        schema: {
          tags: ['Аналитика'],
          summary: `Выгрузить отчёт «${ANALYTICS_CALL_TITLES[call]}» в Excel (date_from, date_to, ${ANALYTICS_CALLS[call].join(', ')})`,
          description:
            `Файл xlsx (${XLSX_CONTENT_TYPE}): по листу на каждую таблицу отчёта, с теми же ` +
            'столбцами и числами, что на экране аналитики. Имя файла — отчёт и период.',
          querystring: ZAnalyticsQuery,
        },
      },
      async (request, reply) => {
        const { session, tenant } = callerOf(request);
        const answer = ANALYTICS_ANSWERS[call].parse(
          await runReport(tenant, session, call, request.query),
        ) as TAnalyticsAnswer<typeof call>;
        const tables = analyticsTables(call, answer);
        return reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header(
            'content-disposition',
            contentDisposition(
              'attachment',
              analyticsFileName(call, answer.period),
              `${call}.xlsx`,
            ),
          )
          .header('cache-control', 'private, no-store')
          .send(workbookStream(tables.map(sheetOfTable)));
      },
    );
  }
}
