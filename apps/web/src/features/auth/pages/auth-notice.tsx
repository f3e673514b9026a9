import type { ReactNode } from 'react';

/** A neutral answer (a request received) in the sign-in card's look; announced as it appears. */
export function AuthNotice({ children }: { children: ReactNode }) {
  return (
    <div className="auth-notice" role="status">
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M4.5 8.2l2.3 2.3 4.7-4.8" stroke="#fff" strokeWidth="1.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{children}</span>
    </div>
  );
}

/** A failure of the whole form (not of one field), as the sign-in page shows one. */
export function AuthProblem({ children }: { children: ReactNode }) {
  return (
    <div className="login-alert" role="alert">
      <span>{children}</span>
    </div>
  );
}
