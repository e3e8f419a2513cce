import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';

/**
 * The front page's search box: a frame number or plate ID goes straight to the results on /search (which runs the
 * search and explains a number that is too short). Without script the form still gets there (action /search, q).
 */
export function HomeSearch() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = value.trim();
    if (!query) {
      setError(t('search.empty'));
      input.current?.focus();
      return;
    }
    navigate(`/search?q=${encodeURIComponent(query)}`);
  };
  return (
    <search className="home-search" aria-labelledby="home-search-title">
      <h2 id="home-search-title">{t('search.title')}</h2>
      <form className="home-search-form" action="/search" method="get" onSubmit={submit} noValidate>
        <TextField
          ref={input}
          label={t('search.field')}
          name="q"
          type="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="search"
          hint={t('search.hint')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (error) setError(undefined);
          }}
          error={error}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
    </search>
  );
}
