import { useId, type ReactNode } from 'react';

/** One titled card of the profile page. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={className ? `profile-section ${className}` : 'profile-section'} aria-labelledby={id}>
      <h2 id={id} className="profile-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
