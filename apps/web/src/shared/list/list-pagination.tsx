import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from '../i18n/translate';
import '../ui/plain-controls.css';
import './list-kit.css';
import './list-pagination.css';

// antd's Pagination in plain HTML (a list's first view needs no antd): the same items, titles and
// page-size choice, drawn with antd's tokens.

interface ListPaginationProps {
  total: number | undefined;
  page: number;
  pageSize: number;
  /** The sizes offered; one size offers no choice. */
  pageSizes: readonly number[];
  /** "1–24 of 80". */
  rangeText?: (range: { from: number; to: number; total: number }) => string;
  /** Nothing when every item fits on one page. */
  hideOnSinglePage?: boolean;
  onChange: (change: { page: number; pageSize: number }) => void;
}

export type PagerItem = number | 'jump-prev' | 'jump-next';

/** How far the ellipses jump, as antd's. */
const JUMP = 5;
/** Pages shown on each side of the current one (antd's without showLessItems). */
const BUFFER = 2;

/**
 * The pager's items as antd's Pagination lays them out: every page up to 7, else the first, the
 * last, the current one with two on each side, and ellipses that jump 5 pages between them.
 * `edge`: the page shown beside an ellipsis that antd hides on narrow screens.
 */
export function pagerItems(current: number, pages: number): { item: PagerItem; edge?: boolean }[] {
  if (pages <= 3 + BUFFER * 2) return Array.from({ length: pages }, (_, i) => ({ item: i + 1 }));
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const jumpPrev = current - 1 >= BUFFER * 2 && current !== 1 + 2;
  const jumpNext = pages - current >= BUFFER * 2 && current !== pages - 2;
  if (jumpPrev && right !== pages) left += 1;
  if (jumpNext && left !== 1) right -= 1;
  const items: { item: PagerItem; edge?: boolean }[] = [];
  for (let page = left; page <= right; page += 1) items.push({ item: page });
  if (jumpPrev) {
    items[0] = { ...items[0]!, edge: true };
    items.unshift({ item: 'jump-prev' });
  }
  if (jumpNext) {
    items[items.length - 1] = { ...items[items.length - 1]!, edge: true };
    items.push({ item: 'jump-next' });
  }
  if (left !== 1) items.unshift({ item: 1 });
  if (right !== pages) items.push({ item: pages });
  return items;
}

/** The pager under a list, with its sizes; nothing while the list is empty or loading. */
export function ListPagination({ total, page, pageSize, pageSizes, rangeText, hideOnSinglePage = false, onChange }: ListPaginationProps) {
  const { t } = useTranslation();
  if (!total || (hideOnSinglePage && total <= pageSize)) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  // The size in use is offered even when it is not one of the usual ones (antd does the same).
  const sizes = [...new Set([...pageSizes, pageSize])].sort((a, b) => a - b);
  const go = (next: number) => {
    if (next !== current) onChange({ page: next, pageSize });
  };
  const changeSize = (size: number) => {
    // As antd: the same page number, unless the new size has fewer pages.
    onChange({ page: Math.min(current, Math.max(1, Math.ceil(total / size))), pageSize: size });
  };

  return (
    <nav className="list-pagination" aria-label={t('listKit.pagination')}>
      <ul className="plain-pagination">
        {rangeText && <li className="plain-pagination-total">{rangeText({ from, to, total })}</li>}
        <li>
          <button type="button" className="plain-pagination-step" title={t('listKit.previousPage')} disabled={current <= 1} onClick={() => go(current - 1)}>
            <LeftOutlined aria-hidden />
          </button>
        </li>
        {pagerItems(current, pages).map(({ item, edge }) =>
          typeof item === 'number' ? (
            <li key={item} className={edge ? 'plain-pagination-edge' : undefined}>
              <button
                type="button"
                className={`plain-pagination-item${item === current ? ' is-active' : ''}`}
                title={String(item)}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="plain-pagination-jump"
                title={item === 'jump-prev' ? t('listKit.previousPages') : t('listKit.nextPages')}
                onClick={() => go(item === 'jump-prev' ? Math.max(1, current - JUMP) : Math.min(pages, current + JUMP))}
              >
                <span className="plain-pagination-ellipsis" aria-hidden>
                  •••
                </span>
                {item === 'jump-prev' ? <DoubleLeftOutlined className="plain-pagination-jump-icon" aria-hidden /> : <DoubleRightOutlined className="plain-pagination-jump-icon" aria-hidden />}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className="plain-pagination-step" title={t('listKit.nextPage')} disabled={current >= pages} onClick={() => go(current + 1)}>
            <RightOutlined aria-hidden />
          </button>
        </li>
        {sizes.length > 1 && (
        <li className="plain-pagination-options">
          <select className="plain-select" value={pageSize} aria-label={t('listKit.pageSize')} onChange={(event) => changeSize(Number(event.target.value))}>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {t('listKit.perPage', { size })}
              </option>
            ))}
          </select>
        </li>
        )}
      </ul>
    </nav>
  );
}
