import type { ReactNode } from 'react';

// A small card (title, actions, body). antd's Card brings its tabs along: the wizard keeps its
// bundle small with this instead.
export function Panel({ title, extra, children, label }: { title: ReactNode; extra?: ReactNode; children: ReactNode; label?: string }) {
  return (
    <section className="wizard-panel-card" aria-label={label}>
      <header className="wizard-panel-card-head">
        <h4 className="wizard-panel-card-title">{title}</h4>
        {extra}
      </header>
      <div className="wizard-panel-card-body">{children}</div>
    </section>
  );
}
