import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A page's main heading, which also names the browser tab. */
export function PageTitle({ children, title }: { children: ReactNode; title?: string }) {
  const { t } = useTranslation();
  const name = title ?? (typeof children === 'string' ? children : '');
  useEffect(() => {
    document.title = name ? `${name} · ${t('brand')}` : t('brand');
  }, [name, t]);
  return <h1>{children}</h1>;
}

/** A narrow centred card for forms and short messages (log in, sign up, confirmations). */
export function FormCard({ children }: { children: ReactNode }) {
  return <div className="form-card">{children}</div>;
}
