import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../ui/page';
import './about.css';

const ROLE = ['priorities', 'privacy', 'police', 'fairness'] as const;
/** The fields the members come from: roles, not people (no names or faces are made up). */
const MEMBERS = ['cyclists', 'police', 'insurers', 'privacy', 'trade'] as const;

/** /advisory-board (§2, public): what the board does, the fields its members come from, and how to write to it. */
export function AdvisoryBoardPage() {
  const { t } = useTranslation('about');
  return (
    <article className="about-page">
      <PageTitle description={t('board.description')}>{t('board.title')}</PageTitle>
      <p className="about-lead">{t('board.lead')}</p>
      <section aria-labelledby="board-role">
        <h2 id="board-role">{t('board.roleTitle')}</h2>
        <ul className="about-points">
          {ROLE.map((role) => (
            <li key={role}>{t(`board.role.${role}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="board-members">
        <h2 id="board-members">{t('board.membersTitle')}</h2>
        <p>{t('board.membersLead')}</p>
        <ul className="about-cards">
          {MEMBERS.map((member) => (
            <li key={member} className="card">
              <h3>{t(`board.members.${member}.title`)}</h3>
              <p>{t(`board.members.${member}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="board-access">
        <h2 id="board-access">{t('board.accessTitle')}</h2>
        <p>{t('board.access')}</p>
      </section>
      <section aria-labelledby="board-contact">
        <h2 id="board-contact">{t('board.contactTitle')}</h2>
        <p>{t('board.contact')}</p>
        <Link to="/support/chat" className="btn btn-primary">
          {t('board.contactLink')}
        </Link>
      </section>
    </article>
  );
}
