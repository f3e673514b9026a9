import { Tag } from 'antd';
import './list-kit.css';

export type ReviewStatus = 'unreviewed' | 'approved' | 'rejected';

const STATUS_COLORS: Record<ReviewStatus, string> = { unreviewed: 'default', approved: 'success', rejected: 'error' };

/** A review status as a coloured tag (readable: the kit darkens antd's green). */
export function ReviewStatusTag({ status, label }: { status: ReviewStatus; label: string }) {
  return (
    <Tag color={STATUS_COLORS[status]} className="review-tag">
      {label}
    </Tag>
  );
}
