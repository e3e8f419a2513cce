import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './chats-api';
import './unread-badge.css';

/**
 * The number of unread messages beside "Messages" in the header, for a signed-in user. Loaded lazily by the
 * header, so a visitor's page carries none of it; the live channel keeps it fresh on the signed-in pages.
 */
export function UnreadBadge() {
  const { t } = useTranslation('chats');
  const unread = useUnreadCount();
  const count = unread.data?.messages ?? 0;
  if (count <= 0) return null;
  return (
    <span className="nav-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{` ${t('badge.unread', { count })}`}</span>
    </span>
  );
}
