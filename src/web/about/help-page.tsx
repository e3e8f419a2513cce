import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { PageTitle } from '../ui/page';
import { anchorOf, HELP_TOPICS, matchesQuery } from './help-topics';
import './about.css';

/**
 * /help (public): answers by topic, each a <details> with an anchor (/help#stolen opens that answer), a search that
 * filters the questions as one types (in the browser: the answers are all on the page), and links into the product.
 */
export function HelpPage() {
  const { t } = useTranslation('help');
  const { hash } = useLocation();
  const [query, setQuery] = useState('');

  // Open the answer the address names, on arrival and when a link on the page changes the #anchor.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    setQuery('');
    const target = document.getElementById(id);
    if (!target) return;
    if (target instanceof HTMLDetailsElement) target.open = true;
    target.scrollIntoView({ block: 'start' });
    (target.querySelector('summary') ?? target).focus({ preventScroll: true });
  }, [hash]);

  const topics = HELP_TOPICS.map((topic) => ({
    ...topic,
    questions: topic.questions.filter(({ id }) => matchesQuery(`${t(`questions.${id}.q`)} ${t(`questions.${id}.a`)}`, query)),
  })).filter((topic) => topic.questions.length > 0);
  const count = topics.reduce((sum, topic) => sum + topic.questions.length, 0);
  const searching = query.trim() !== '';

  return (
    <article className="about-page help-page">
      <PageTitle description={t('description')}>{t('title')}</PageTitle>
      <p className="about-lead">{t('lead')}</p>
      <search className="help-search">
        <TextField
          type="search"
          label={t('search.label')}
          hint={t('search.hint')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
        <p role="status" className="help-count">
          {searching ? (count > 0 ? t('search.count', { count }) : t('search.none', { query: query.trim() })) : ''}
        </p>
      </search>
      {count === 0 ? (
        <div className="actions help-none">
          <Button variant="secondary" onClick={() => setQuery('')}>
            {t('search.clear')}
          </Button>
          <Link to="/support/chat" className="btn btn-primary">
            {t('more.link')}
          </Link>
        </div>
      ) : (
        !searching && (
          <nav aria-label={t('topics')} className="help-topics">
            <ul>
              {HELP_TOPICS.map((topic) => (
                <li key={topic.id}>
                  <a href={`#topic-${topic.id}`}>{t(`sections.${topic.id}`)}</a>
                </li>
              ))}
            </ul>
          </nav>
        )
      )}
      {topics.map((topic) => (
        <section key={topic.id} id={`topic-${topic.id}`} aria-labelledby={`topic-${topic.id}-title`} className="help-topic" tabIndex={-1}>
          <h2 id={`topic-${topic.id}-title`}>{t(`sections.${topic.id}`)}</h2>
          {topic.questions.map(({ id, to }) => (
            <details key={id} id={anchorOf(id)} className="help-question">
              <summary>{t(`questions.${id}.q`)}</summary>
              <div className="help-answer">
                <p>{t(`questions.${id}.a`)}</p>
                <p className="help-links">
                  {to && <Link to={to}>{t(`questions.${id}.link`)}</Link>}
                  {/* Named with its question too: a list of links all called "Link to this answer" says little. */}
                  <a href={`#${anchorOf(id)}`} className="muted" aria-label={`${t('linkToAnswer')}: ${t(`questions.${id}.q`)}`}>
                    {t('linkToAnswer')}
                  </a>
                </p>
              </div>
            </details>
          ))}
        </section>
      ))}
      <section aria-labelledby="help-more" className="card help-more">
        <h2 id="help-more">{t('more.title')}</h2>
        <p>{t('more.body')}</p>
        <Link to="/support/chat" className="btn btn-primary">
          {t('more.link')}
        </Link>
      </section>
    </article>
  );
}
