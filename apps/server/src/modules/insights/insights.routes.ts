import { Readable } from 'node:stream';
import {
  advertiserReport,
  advertiserReportCsv,
  createSavedReport,
  deleteSavedReport,
  publisherReport,
  publisherReportCsv,
  renameSavedReport,
  savedReportList,
  savedReportRunFile,
  savedReportRuns,
  scheduleSavedReport,
  type ReportType,
} from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import { contentDisposition, rawRoute } from '../../http/raw-route';
import type { InsightsService } from './insights.service';
import type { SavedReportsService } from './saved-reports.service';
import type { ScheduledReportsService } from './scheduled-reports.service';

export const insightsRoutes = (app: FastifyInstance, insights: InsightsService, saved: SavedReportsService, scheduled: ScheduledReportsService) => {
  route(app, advertiserReport, ({ principal, input }) => insights.report(principal, 'advertiser', input));
  route(app, publisherReport, ({ principal, input }) => insights.report(principal, 'publisher', input));

  // CSV, streamed as the rows are read; the first chunk (the header) is awaited so that a refusal
  // (403, a bad period) answers as JSON before anything is sent.
  const csvRoute = (type: ReportType, endpoint: typeof advertiserReportCsv | typeof publisherReportCsv) =>
    rawRoute(app, endpoint, { file: true }, async ({ query, principal, reply }) => {
      const lines = insights.csv(principal, type, query);
      const first = await lines.next();
      const stream = Readable.from(
        (async function* () {
          // A byte-order mark: spreadsheets then read the UTF-8 (Chinese headers, names) as such.
          yield `\uFEFF${first.done ? '' : first.value}`;
          yield* lines;
        })(),
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition('attachment', `${type}-report-${query.from}-to-${query.to}.csv`))
        .header('Cache-Control', 'no-store')
        .send(stream);
    });
  csvRoute('advertiser', advertiserReportCsv);
  csvRoute('publisher', publisherReportCsv);

  route(app, savedReportList, ({ principal, input }) => saved.list(principal, input));
  route(app, createSavedReport, ({ principal, input }) => saved.create(principal, input));
  route(app, renameSavedReport, ({ principal, input }) => saved.rename(principal, input));
  route(app, deleteSavedReport, ({ principal, input }) => saved.remove(principal, input.id));

  route(app, scheduleSavedReport, ({ principal, input }) => scheduled.schedule(principal, input));
  route(app, savedReportRuns, ({ principal, input }) => scheduled.runs(principal, input));
  rawRoute(app, savedReportRunFile, { file: true }, async ({ query, principal, reply }) => {
    const { csv, fileName } = await scheduled.runFile(principal, query.id);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', contentDisposition('attachment', fileName))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
};
