import {
  adSlotDetail,
  adSlotList,
  deleteAdSlot,
  reviewAdSlot,
  saveAdSlot,
  submitAdSlot,
  type AdSlot,
  type AdSlotDetail,
  type AdSlotReviewEntry,
  type Power,
} from '@ads/contracts';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { anAdSlot } from '../../../test/fixtures';
import { renderPages } from '../../../test/render';
import AdSlotReviewPage from '../pages/ad-slot-review-page';

// Component tests of Ad Slot Review: a small in-memory server answering the contracts' calls (the
// real module is written against the same contracts), holding the slots as they change.

const NOW = '2026-11-20T10:00:00.000Z';

export const aSlot = anAdSlot;


export const PATHS = {
  list: adSlotList.path,
  detail: adSlotDetail.path,
  save: saveAdSlot.path,
  submit: submitAdSlot.path,
  remove: deleteAdSlot.path,
  review: reviewAdSlot.path,
};

const notFound = () => json(404, { errorCode: 'NOT_FOUND', error: 'The ad slot was not found.' });

/**
 * Slots listed (filtered by status, format and search, paged) and changed by save, submit, review
 * and delete, with their review histories; `reviews` seeds a slot's history.
 */
export function fakeSlotServer({ slots: initial = [] as AdSlot[], reviews = {} as Record<number, AdSlotReviewEntry[]> } = {}) {
  // Copies: a test's changes never reach the fixtures another test starts from.
  const slots = structuredClone(initial);
  const histories: Record<number, AdSlotReviewEntry[]> = structuredClone(reviews);
  let nextId = 100;
  const find = (id: number) => slots.find((slot) => slot.id === id);
  const detailOf = (slot: AdSlot): AdSlotDetail => ({ ...slot, reviews: histories[slot.id] ?? [] });
  const change = (slot: AdSlot, patch: Partial<AdSlot>) => {
    Object.assign(slot, patch, { version: slot.version + 1, updatedAt: NOW });
    return detailOf(slot);
  };
  const log = (id: number, action: AdSlotReviewEntry['action'], reason: string | null = null) =>
    (histories[id] = [...(histories[id] ?? []), { id: Object.values(histories).flat().length + 1, action, actor: { id: 7, name: 'Tester' }, reason, at: NOW }]);
  const codeTaken = () =>
    json(409, { errorCode: 'NAME_TAKEN', error: 'Another of your ad slots has this code.', fields: { code: 'Another of your ad slots has this code.' } });
  const stale = () => json(409, { errorCode: 'STALE_VERSION', error: 'The ad slot was changed meanwhile.' });
  const server = fakeFetch({
    ...fakeEndpoint(adSlotList, ({ page, pageSize, status, search, format }) => {
      let items = slots;
      if (status?.length) items = items.filter((slot) => status.includes(slot.status));
      if (format) items = items.filter((slot) => slot.format === format);
      if (search) items = items.filter((slot) => [slot.name, slot.code, slot.propertyId].some((text) => text.toLowerCase().includes(search.toLowerCase())));
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
    }),
    ...fakeEndpoint(adSlotDetail, ({ id }) => (find(id) ? detailOf(find(id)!) : notFound())),
    ...fakeEndpoint(saveAdSlot, ({ id, version, ...form }) => {
      // Codes are unique among the publisher's slots, as the server's index keeps them.
      if (slots.some((slot) => slot.code === form.code && slot.id !== id)) return codeTaken();
      if (id === undefined) {
        const slot = aSlot(nextId++, { ...form, accountName: 'Contoso Coffee', accountId: 1 });
        slots.unshift(slot);
        return detailOf(slot);
      }
      const slot = find(id);
      if (!slot) return notFound();
      if (slot.version !== version) return stale();
      return change(slot, form);
    }),
    ...fakeEndpoint(submitAdSlot, ({ id, version }) => {
      const slot = find(id);
      if (!slot) return notFound();
      if (slot.version !== version) return stale();
      log(id, 'submitted');
      return change(slot, { status: 'pending_review', submittedAt: NOW, reviewReason: null });
    }),
    ...fakeEndpoint(reviewAdSlot, (input) => {
      const slot = find(input.id);
      if (!slot) return notFound();
      if (slot.version !== input.version) return stale();
      const reason = input.decision === 'reject' ? input.reason : null;
      log(input.id, input.decision === 'approve' ? 'approved' : 'rejected', reason);
      return change(slot, { status: input.decision === 'approve' ? 'approved' : 'rejected', reviewReason: reason, reviewedAt: NOW });
    }),
    ...fakeEndpoint(deleteAdSlot, ({ id }) => {
      const index = slots.findIndex((slot) => slot.id === id);
      if (index < 0) return notFound();
      slots.splice(index, 1);
      return { ok: true as const };
    }),
  });
  return { ...server, slots };
}

const PUBLISHER: Power[] = ['adslot.read', 'adslot.write'];
const STAFF: Power[] = ['adslot.read', 'adslot.review'];

/** Ad Slot Review in a memory router: a publisher who may write unless told. */
export function renderSlots(query = '', { powers, staff = false }: { powers?: Power[]; staff?: boolean } = {}) {
  return renderPages({
    routes: [{ path: '/adSlotManagement/review', element: <AdSlotReviewPage /> }],
    path: `/adSlotManagement/review${query}`,
    powers: powers ?? (staff ? STAFF : PUBLISHER),
    user: staff
      ? { role: 'MsInternal', accountKind: 'internal', accountId: 9, accountName: 'Ads Platform Operations', email: 'staff@demo.test' }
      : { role: 'Publisher', accountKind: 'publisher', accountId: 2, accountName: 'Fabrikam News', email: 'publisher@demo.test', currency: 'USD' },
  });
}

export { searchOf } from '../../../test/render';

export { dialogTitled } from '../../../test/fixtures';

/** The form item (label, control and its messages) whose label reads `label`. */
export function formItem(dialog: HTMLElement, label: string): HTMLElement {
  const item = [...dialog.querySelectorAll<HTMLElement>('.ant-form-item')].find((element) => element.querySelector('.ant-form-item-label')?.textContent === label);
  if (!item) throw new Error(`no field labelled ${label}`);
  return item;
}
