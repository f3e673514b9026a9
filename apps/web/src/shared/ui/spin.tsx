import './spin.css';

/**
 * antd's Spin as a plain <div>: four dots turning in the theme's blue, busy and polite to screen
 * readers as antd's is; `aria-label` names what is loading. Only antd's small size is used.
 */
export function Spin({ size, 'aria-label': ariaLabel }: { size: 'small'; 'aria-label'?: string }) {
  return (
    <div className={`kit-spin is-${size}`} aria-live="polite" aria-busy="true" aria-label={ariaLabel}>
      <span className="kit-spin-dot">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
