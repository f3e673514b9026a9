import { Children, isValidElement, useSyncExternalStore, type Key, type ReactElement, type ReactNode } from 'react';
import './descriptions.css';

interface Item {
  key?: Key | null;
  label: ReactNode;
  children: ReactNode;
}

type Screen = 'md' | 'sm' | 'xs';
/** A number of columns, or one per screen width (antd's breakpoints). */
type Column = number | Partial<Record<Screen, number>>;

// antd's breakpoints, widest first: a width matches every min-width below it.
const SCREENS: [Screen, string][] = [
  ['md', '(min-width: 768px)'],
  ['sm', '(min-width: 576px)'],
  ['xs', '(max-width: 575px)'],
];
// antd's counts for a width the page gives none for.
const DEFAULT_COLUMNS: Record<Screen, number> = { md: 3, sm: 2, xs: 1 };

const subscribe = (onChange: () => void) => {
  const lists = SCREENS.map(([, query]) => window.matchMedia(query));
  lists.forEach((list) => list.addEventListener('change', onChange));
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
};

/** The columns for the window's width, picked as antd picks them (3 when no breakpoint matches). */
function useColumns(column: Column): number {
  const screens = useSyncExternalStore(subscribe, () => SCREENS.filter(([, query]) => window.matchMedia(query).matches).map(([screen]) => screen).join());
  if (typeof column === 'number') return column;
  const matched = screens.split(',') as Screen[];
  const pick = (counts: Partial<Record<Screen, number>>) => matched.map((screen) => counts[screen]).find((count) => count !== undefined);
  return pick(column) ?? pick(DEFAULT_COLUMNS) ?? 3;
}

/** The items in rows of `columns`; the last of a short row spans the columns left, as antd's does. */
function toRows(items: Item[], columns: number): { item: Item; span: number }[][] {
  const rows: { item: Item; span: number }[][] = [];
  for (let start = 0; start < items.length; start += columns) {
    const row = items.slice(start, start + columns);
    rows.push(row.map((item, index) => ({ item, span: index === row.length - 1 ? columns - row.length + 1 : 1 })));
  }
  return rows;
}

interface DescriptionsProps {
  column: Column;
  /** antd's small size, the one the console uses. */
  size: 'small';
  /** Labels in grey cells of a bordered table rather than "Label: value" side by side. */
  bordered?: boolean;
  className?: string;
  /** The facts, or as Descriptions.Item children. */
  items?: Item[];
  children?: ReactNode;
}

/**
 * antd's Descriptions (horizontal) as a plain <table>: each fact's label and value, `column`
 * to a row. Under antd's names, the props the console uses.
 */
export function Descriptions({ column, size, bordered = false, className, items, children }: DescriptionsProps) {
  const columns = useColumns(column);
  const facts =
    items ??
    Children.toArray(children)
      .filter((child): child is ReactElement<Item> => isValidElement(child))
      .map((child) => ({ ...child.props, key: child.key }));
  const classes = ['kit-descriptions', `is-${size}`, bordered && 'is-bordered', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <div className="kit-descriptions-view">
        <table>
          <tbody>
            {toRows(facts, columns).map((row, index) => (
              <tr key={index} className="kit-descriptions-row">
                {row.map(({ item, span }, cell) =>
                  bordered ? (
                    [
                      <th key={`${item.key ?? cell}-label`} className="kit-descriptions-item-label" colSpan={1}>
                        <span>{item.label}</span>
                      </th>,
                      <td key={`${item.key ?? cell}-content`} className="kit-descriptions-item-content" colSpan={span * 2 - 1}>
                        <span>{item.children}</span>
                      </td>,
                    ]
                  ) : (
                    <td key={item.key ?? cell} className="kit-descriptions-item" colSpan={span}>
                      <div className="kit-descriptions-item-container">
                        <span className="kit-descriptions-item-label">{item.label}</span>
                        <span className="kit-descriptions-item-content">{item.children}</span>
                      </div>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One fact, as a child of Descriptions, which reads its props (as antd's does) rather than rendering it. */
Descriptions.Item = function DescriptionsItem(props: { label: ReactNode; children: ReactNode }) {
  return props.children;
};
