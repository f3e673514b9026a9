import type { ReactNode } from 'react';
import './statistic.css';

/** antd's Statistic as plain <div>s: a grey title over a large figure, `formatter(value)`. */
export function Statistic({ title, value, formatter }: { title: ReactNode; value: number; formatter: (value: number) => ReactNode }) {
  return (
    <div className="kit-statistic">
      <div className="kit-statistic-title">{title}</div>
      <div className="kit-statistic-content">
        <span className="kit-statistic-content-value">{formatter(value)}</span>
      </div>
    </div>
  );
}
