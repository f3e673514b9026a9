import {
  ERROR_CODES,
  REPORT_TYPES,
  SAVED_REPORTS_MAX,
  type createSavedReport,
  type EndpointInput,
  type renameSavedReport,
  type ReportType,
  type SavedReport,
  type savedReportList,
} from '@ads/contracts';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { userScope } from '../../kit/access';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { refuseClash } from '../../kit/sql';
import { atVersion, stale } from '../../kit/versions';
import type { Caller as AnyCaller } from '../../principal';
import * as repo from './saved-reports.repository';

// Saved reports (data insights): a user keeps a report's settings under a name. They are the
// user's own, whatever the account: every call reads and writes the caller's rows only, and
// another user's id answers 404 as a missing one does.

type Caller = Pick<AnyCaller, 'userId' | 'accountKind' | 'powers'>;

const savedReportNotFound = () => notFound('The saved report');
const nameTaken = () =>
  new AppError(409, ERROR_CODES.nameTaken, 'You already have a saved report with this name.', {
    fields: { name: 'You already have a saved report with this name.' },
  });
const tooMany = () =>
  new AppError(
    409,
    ERROR_CODES.tooManySavedReports,
    `You already keep ${SAVED_REPORTS_MAX} saved reports, the most one user may have. Delete one you no longer need first.`,
  );

export const toSaved = (r: repo.SavedReportRow): SavedReport => ({
  id: r.id,
  type: r.type,
  name: r.name,
  query: r.query,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  schedule:
    r.scheduleFrequency && r.scheduleTimeZone && r.scheduleHour !== null
      ? { frequency: r.scheduleFrequency, timeZone: r.scheduleTimeZone, hour: r.scheduleHour }
      : null,
  nextRunAt: r.nextRunAt?.toISOString() ?? null,
});

/**
 * The report types a caller may read, as the reports decide it: the type's power, and either
 * an account of that kind or staff (insights.platform), who read both.
 */
export const readableTypes = (p: Caller): ReportType[] =>
  REPORT_TYPES.filter(
    (type) => p.powers.has(`insights.${type}`) && (p.accountKind === type || (p.accountKind === 'internal' && p.powers.has('insights.platform'))),
  );

export const createSavedReportsService = ({ db, now = () => new Date() }: { db: Db; now?: () => Date }) => {
  /** The types asked for (one, or every readable one); 403 when the caller may read none of them. */
  const allowedTypes = (p: Caller, type?: ReportType): ReportType[] => {
    const readable = readableTypes(p);
    const wanted = type ? readable.filter((t) => t === type) : readable;
    if (!wanted.length) throw forbidden();
    return wanted;
  };

  /** The caller's saved report, of a type the caller may still read; 404 otherwise. */
  const ownSaved = async (p: Caller, id: number) => {
    const row = await repo.findSaved(db, id, userScope(p));
    if (!row || !readableTypes(p).includes(row.type)) throw savedReportNotFound();
    return row;
  };

  const list = async (p: Caller, q: EndpointInput<typeof savedReportList>) => {
    const { limit, offset } = pageWindow(q);
    const { items, total } = await repo.listSaved(db, userScope(p), allowedTypes(p, q.type), limit, offset);
    return pageAnswer(items.map(toSaved), total, q);
  };

  /**
   * Saves a report under a free name. The user's row is locked first, so concurrent saves of one
   * user are counted one after another and never pass SAVED_REPORTS_MAX.
   */
  const create = async (p: Caller, input: EndpointInput<typeof createSavedReport>) => {
    allowedTypes(p, input.type);
    const at = now();
    const row = await db.transaction(async (tx) => {
      if (!(await repo.lockUser(tx, p.userId))) throw notFound('The user');
      if ((await repo.countSaved(tx, userScope(p))) >= SAVED_REPORTS_MAX) throw tooMany();
      if (await repo.nameInUse(tx, userScope(p), input.name)) throw nameTaken();
      return refuseClash(
        () => repo.insertSaved(tx, { userId: p.userId, type: input.type, name: input.name, query: input.query, createdAt: at, updatedAt: at }),
        nameTaken,
        repo.SAVED_REPORT_NAME_INDEX,
      );
    });
    return toSaved(row);
  };

  const rename = async (p: Caller, input: EndpointInput<typeof renameSavedReport>) => {
    const saved = atVersion(await ownSaved(p, input.id), input.version, 'The saved report');
    if (await repo.nameInUse(db, userScope(p), input.name, saved.id)) throw nameTaken();
    const row = await refuseClash(() => repo.renameSaved(db, userScope(p), saved.id, input.version, input.name, now()), nameTaken, repo.SAVED_REPORT_NAME_INDEX);
    if (!row) throw stale('The saved report');
    return toSaved(row);
  };

  const remove = async (p: Caller, id: number) => {
    await ownSaved(p, id);
    if (!(await repo.deleteSaved(db, userScope(p), id))) throw savedReportNotFound();
    return { ok: true as const };
  };

  return { list, create, rename, remove, own: ownSaved };
};
export type SavedReportsService = ReturnType<typeof createSavedReportsService>;
