import {
  ERROR_CODES,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  type NotificationMessage,
  type NotificationsFilter,
  type NotificationTranslations,
  type NotificationsResponse,
  type NotificationsUnchanged,
  type Power,
  type PublishAnnouncementRequest,
  type RoleName,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { userScope } from '../../kit/access';
import type { Principal } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import { acceptedLanguage, readerLanguage, renderNotification } from './notification-text';
import * as repo from './notifications.repository';

/** Who receives a notification; the union of every list given. */
export interface Recipients {
  users?: number[];
  accounts?: number[];
  /** Everyone holding one of these roles. */
  roles?: RoleName[];
  /** Everyone holding one of these powers, e.g. every staff user who may review campaigns. */
  powers?: Power[];
  everyone?: boolean;
}

export interface NotifyInput {
  type: number;
  /**
   * What a system notification says: a message key and its values, which the reader's console
   * renders in the reader's language. Free text (title, content) is for people's own words: staff
   * announcements, with their other language versions in `translations`.
   */
  message?: NotificationMessage;
  title?: string | null;
  content?: string | null;
  translations?: NotificationTranslations | null;
  /** The menu entry of the page where the recipient acts. */
  menuId?: number | null;
  recipients: Recipients;
  /** Not delivered before this time; absent means now. */
  toSentAt?: Date | null;
  /**
   * Names the event this notification reports (e.g. `campaign:42:approved`): notifying the same
   * event again writes nothing, so a retried hand-over never notifies twice.
   */
  eventKey?: string;
  /**
   * What an action (type 20) asks about (`actionSubject`): `resolve` takes it out of every Action
   * Center once that is done. Ignored on other types, which ask nothing.
   */
  subject?: string;
  createdBy?: number | null;
  /** When the event happened; defaults to now (demo data and backfills set it). */
  at?: Date;
}

export interface NotificationsDeps {
  db: Db;
  audit: AuditService;
  /** The menus a caller has, by id (from the identity catalogue). */
  menusOf: (principal: Pick<Principal, 'roleIds'>) => Promise<Map<number, { title: string; url: string }>>;
  now?: () => Date;
}

type Filter = Required<Pick<NotificationsFilter, 'page' | 'pageSize'>> & Omit<NotificationsFilter, 'page' | 'pageSize'>;

/**
 * Answers kept per server, by user and filter, each valid while its inbox version holds. Only pages
 * of the default size are kept, so the map stays within ~1,000 × 50 notifications.
 */
const ANSWER_CACHE_SIZE = 1_000;
type InboxAnswer = Pick<NotificationsResponse, 'infos' | 'total' | 'unread' | 'version'>;

/** The subjects of actions (`NotifyInput.subject`), one spelling for those who notify and resolve. */
export const actionSubject = {
  campaign: (id: number) => `campaign:${id}`,
  /** A live campaign's new ads and ad changes waiting for staff. */
  liveAds: (campaignId: number) => `campaign:${campaignId}:ads`,
  adSlot: (id: number) => `adSlot:${id}`,
  image: (id: number) => `image:${id}`,
  /** A publisher's placements waiting on several of its slots. */
  placements: (publisherId: number) => `placements:${publisherId}`,
  /** Placements waiting on one slot. */
  slotPlacements: (slotId: number) => `placements:slot:${slotId}`,
};

const notFound = () =>
  new AppError(404, ERROR_CODES.notificationNotFound, 'The notification was not found.');

export const createNotificationsService = ({ db, audit, menusOf, now = () => new Date() }: NotificationsDeps) => {
  /**
   * Writes a notification and one target per recipient in one transaction (pass `tx` to make it
   * part of the caller's). Answers undefined when the event was already notified.
   */
  const notify = async (input: NotifyInput, tx?: DbOrTx) => {
    const run = async (t: DbOrTx) => {
      const created = await repo.insertNotification(t, {
        type: input.type,
        title: input.title ?? null,
        content: input.content ?? null,
        messageKey: input.message?.key ?? null,
        params: input.message?.params ?? null,
        translations: input.translations ?? null,
        menuId: input.menuId ?? null,
        createdAt: input.at ?? now(),
        toSentAt: input.toSentAt ?? null,
        createdBy: input.createdBy ?? null,
        eventKey: input.eventKey ?? null,
        subject: input.type === NOTIFICATION_TYPES.action ? (input.subject ?? null) : null,
      });
      if (!created) return undefined;
      const r = input.recipients;
      const deliverAt = created.toSentAt ?? created.createdAt;
      const recipients = await repo.fanOut(t, { id: created.id, type: input.type, deliverAt, now: now() }, {
        userIds: r.users ?? [],
        accountIds: r.accounts ?? [],
        roleNames: r.roles ?? [],
        powerCodes: r.powers ?? [],
        everyone: r.everyone ?? false,
      });
      return { id: created.id, recipients, toSentAt: created.toSentAt };
    };
    return tx ? run(tx) : db.transaction(run);
  };

  /**
   * An action was taken care of (a request decided, a password reset): every recipient's copy of the
   * notifications of these event keys leaves their Action Center. Pass `tx` to make it part of the
   * decision's transaction.
   */
  const settle = async (eventKeys: string[], tx?: DbOrTx) =>
    eventKeys.length ? repo.dismissEvents(tx ?? db, eventKeys, now()) : 0;

  /**
   * What the actions on these subjects ask for is done (the campaign was decided or submitted
   * again, the image approved or replaced): every open one leaves every recipient's Action Center,
   * whoever did it. Pass the change's `tx`; notify a new action on the subject after this.
   */
  const resolve = async (subjects: string[], tx?: DbOrTx) =>
    subjects.length ? repo.dismissSubjects(tx ?? db, subjects, now()) : 0;

  // A console asks without a version on each page load: the answer it would get is remembered with
  // the version it belongs to, and given again after the one-row check that the version still holds
  // (the check also sees scheduled notifications falling due). Oldest entries go first.
  const answers = new Map<string, InboxAnswer>();
  const remember = (key: string, answer: InboxAnswer) => {
    answers.delete(key);
    answers.set(key, answer);
    if (answers.size > ANSWER_CACHE_SIZE) answers.delete(answers.keys().next().value!);
  };

  /** The caller's delivered, undismissed notifications, newest first, with the menus they link to. */
  const list = async (
    principal: Pick<Principal, 'userId' | 'roleIds' | 'language'>,
    filter: Filter,
    acceptLanguage?: string,
  ): Promise<NotificationsResponse | NotificationsUnchanged> => {
    const at = now();
    const query = {
      userId: principal.userId,
      now: at,
      types: filter.types?.length ? filter.types : null,
      hasRead: filter.hasRead ?? null,
      tab: filter.tab ?? null,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
      knownVersion: filter.knownVersion ?? null,
    };
    const key =
      query.knownVersion === null && query.limit <= NOTIFICATION_PAGE_SIZE
        ? JSON.stringify([query.userId, query.types, query.hasRead, query.tab, query.limit, query.offset])
        : null;
    const kept = key === null ? undefined : answers.get(key);
    let inbox = await repo.findInbox(db, kept ? { ...query, knownVersion: kept.version } : query);
    let answer: InboxAnswer;
    if (inbox.unchanged && kept) {
      answer = kept;
    } else {
      if (inbox.unchanged) return { unchanged: true, version: inbox.version };
      if (inbox.due) {
        // Something scheduled has been delivered since the version was set: a new version, then
        // the inbox as it now is.
        await repo.advanceDue(db, principal.userId, at);
        inbox = await repo.findInbox(db, { ...query, knownVersion: null });
      }
      answer = {
        infos: inbox.infos,
        total: inbox.total,
        unread: { actions: inbox.unreadActions, notifications: inbox.unreadNotifications },
        version: inbox.version,
      };
      if (key !== null) remember(key, answer);
    }
    // The console says which language it shows (its header switch is not the profile's choice);
    // another client gets the profile's language, else its Accept-Language.
    const language = readerLanguage(filter.language, principal.language, acceptedLanguage(acceptLanguage));
    const infos = answer.infos.map((info) => renderNotification(info, language));
    const menus = await menusOf(principal);
    const linked: NotificationsResponse['menus'] = {};
    for (const { menuId } of answer.infos) {
      const menu = menuId === null ? undefined : menus.get(menuId);
      if (menu) linked[String(menuId)] = { name: menu.title, url: menu.url };
    }
    return { ...answer, infos, menus: linked, page: filter.page, pageSize: filter.pageSize, unchanged: false };
  };

  /** The caller's targets among `ids`, or 404 when any is not theirs (nothing changes then). */
  const ownTargets = async (principal: Pick<Principal, 'userId'>, ids: number[]) => {
    const unique = [...new Set(ids)];
    const own = await repo.findOwnTargets(db, userScope(principal), unique, now());
    if (own.length !== unique.length) throw notFound();
    return own;
  };

  const setRead = async (principal: Pick<Principal, 'userId'>, ids: number[]) => {
    const own = await ownTargets(principal, ids);
    const unread = own.filter((t) => !t.hasRead).map((t) => t.id);
    if (!unread.length) return 0;
    return db.transaction(async (tx) => {
      await repo.bumpInbox(tx, principal.userId);
      return repo.markRead(tx, unread, now());
    });
  };

  /** Only read notifications can be dismissed (only read cards offer the dismiss button). */
  const setDismissed = async (principal: Pick<Principal, 'userId'>, ids: number[]) => {
    const own = await ownTargets(principal, ids);
    if (own.some((t) => !t.hasRead)) {
      throw new AppError(409, ERROR_CODES.notificationUnread, 'Only a read notification can be deleted.');
    }
    const open = own.filter((t) => !t.isDismissed).map((t) => t.id);
    if (!open.length) return 0;
    return db.transaction(async (tx) => {
      await repo.bumpInbox(tx, principal.userId);
      return repo.markDismissed(tx, open, now());
    });
  };

  /** A staff announcement (type 30) to everyone, a role or chosen accounts, now or later. */
  const publishAnnouncement = async (principal: Principal, input: PublishAnnouncementRequest) => {
    const at = now();
    const toSentAt = input.toSentAt ? new Date(input.toSentAt) : null;
    if (toSentAt && toSentAt <= at) {
      throw new AppError(400, ERROR_CODES.validationFailed, 'The delivery time must be in the future.', {
        fields: { toSentAt: 'The delivery time must be in the future.' },
      });
    }
    const { audience } = input;
    if (audience.kind === 'accounts') {
      const known = new Set(await repo.existingAccountIds(db, audience.accountIds));
      if (audience.accountIds.some((id) => !known.has(id))) {
        throw new AppError(400, ERROR_CODES.validationFailed, 'Some of the chosen accounts do not exist.', {
          fields: { 'audience.accountIds': 'Some of the chosen accounts do not exist.' },
        });
      }
    }
    const recipients: Recipients =
      audience.kind === 'all'
        ? { everyone: true }
        : audience.kind === 'role'
          ? { roles: [audience.role] }
          : { accounts: audience.accountIds };
    return db.transaction(async (tx) => {
      const sent = await notify(
        {
          type: NOTIFICATION_TYPES.announcement,
          title: input.title,
          content: input.content,
          translations: input.zh ? { 'zh-CN': input.zh } : null,
          recipients,
          toSentAt,
          createdBy: principal.userId,
        },
        tx,
      );
      // Without an event key the insert always happens.
      const { id, recipients: count } = sent!;
      await audit.record(
        {
          actorUserId: principal.userId,
          action: 'notification.publish',
          entity: 'notification',
          entityId: id,
          after: { title: input.title, zhTitle: input.zh?.title ?? null, audience, toSentAt: toSentAt?.toISOString() ?? null, recipients: count },
        },
        tx,
      );
      return { id, recipients: count, toSentAt: toSentAt?.toISOString() ?? null };
    });
  };

  return { notify, settle, resolve, list, setRead, setDismissed, publishAnnouncement };
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;
