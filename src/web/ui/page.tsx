import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page's main heading, which also names the browser tab; `description` is the page's meta description (for search
 * engines and link previews) while the page is shown, else the one the app shell carries.
 */
export function PageTitle({ children, title, description }: { children: ReactNode; title?: string; description?: string }) {
  const { t } = useTranslation();
  const name = title ?? (typeof children === 'string' ? children : '');
  useEffect(() => {
    document.title = name ? `${name} · ${t('brand')}` : t('brand');
  }, [name, t]);
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || !description) return;
    const before = meta.content;
    meta.content = description;
    return () => {
      meta.content = before;
    };
  }, [description]);
  return <h1>{children}</h1>;
}

/** A narrow centred card for forms and short messages (log in, sign up, confirmations). */
export function FormCard({ children }: { children: ReactNode }) {
  return <div className="form-card">{children}</div>;
}
