import './skeleton.css';

/**
 * antd's Skeleton as plain <div>s: grey bars where text will be, a title bar (unless `title={false}`)
 * above `paragraph.rows` lines (3 under a title, 2 without), the last one shorter; `active` shimmers.
 */
export function Skeleton({ active = false, title = true, paragraph }: { active?: boolean; title?: boolean; paragraph?: { rows: number } }) {
  const rows = paragraph?.rows ?? (title ? 3 : 2);
  return (
    <div className={active ? 'kit-skeleton is-active' : 'kit-skeleton'}>
      <div className="kit-skeleton-section">
        {title && <div className="kit-skeleton-title" />}
        <ul className="kit-skeleton-paragraph">
          {Array.from({ length: rows }, (_, index) => (
            <li key={index} />
          ))}
        </ul>
      </div>
    </div>
  );
}
