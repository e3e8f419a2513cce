import type { ReactNode } from 'react';

export function Alert({
  tone = 'error',
  children,
  title,
}: {
  tone?: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
  title?: string;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {tone === 'error' && (
        <span className="alert-icon" aria-hidden="true">
          !
        </span>
      )}
      <div>
        {title && <strong className="alert-title">{title}</strong>}
        <div>{children}</div>
      </div>
    </div>
  );
}
