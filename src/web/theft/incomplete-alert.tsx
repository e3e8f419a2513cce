import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TheftSection } from '../../domain/theft';
import { Alert } from '../ui/alert';
import { WIZARD_BASE } from './use-wizard';

/** §5: the alert with a red exclamation mark, naming the sections still to complete (links, except the current one). */
export function IncompleteAlert({ sections, current, noBike }: { sections: TheftSection[]; current?: TheftSection; noBike?: boolean }) {
  const { t } = useTranslation('theft');
  return (
    <Alert title={t('errors:theft_steps_incomplete')}>
      <ul className="theft-incomplete">
        {noBike && (
          <li>
            <Link to={WIZARD_BASE}>{t('overview.chooseBikeFirst')}</Link>
          </li>
        )}
        {sections.map((section) => (
          <li key={section}>
            {section === current ? t(`section.${section}`) : <Link to={`${WIZARD_BASE}/${section}`}>{t(`section.${section}`)}</Link>}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
