import './progress.css';

/**
 * antd's small line Progress as a plain <div role="progressbar">: a thin bar filled to `percent`
 * (0 until given) and the percentage after it. `aria-label` names what is progressing.
 */
export function Progress({ percent = 0, size, 'aria-label': ariaLabel }: { percent?: number; size: 'small'; 'aria-label': string }) {
  const value = Math.min(100, Math.max(0, percent));
  return (
    <div className={`kit-progress is-${size}`} role="progressbar" aria-label={ariaLabel} aria-valuenow={value} aria-valuemin={0} aria-valuemax={100}>
      <div className="kit-progress-rail">
        <div className="kit-progress-track" style={{ width: `${value}%` }} />
      </div>
      <span className="kit-progress-indicator" title={`${value}%`}>
        {value}%
      </span>
    </div>
  );
}
