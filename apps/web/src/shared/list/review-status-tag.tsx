import './list-kit.css';

export type ReviewStatus = 'unreviewed' | 'approved' | 'rejected';

/** antd's tag colours by status (default, success, error), drawn by list-kit.css's `.plain-tag`. */
const STATUS_COLORS: Record<ReviewStatus, string> = { unreviewed: 'is-default', approved: 'is-success', rejected: 'is-error' };

/** A review status as a coloured tag (readable: the kit darkens antd's green and red). */
export function ReviewStatusTag({ status, label }: { status: ReviewStatus; label: string }) {
  return <span className={`plain-tag review-tag ${STATUS_COLORS[status]}`}>{label}</span>;
}
